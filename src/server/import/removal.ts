// `--complet` (issue 40): the rows of a table absent from its file are removed at the end of the
// import, unless something still cites them. Checked before anything is merged (run.ts); removed
// by the merge's last step (transaction.ts).
import type pg from 'pg'
import type { CheckContext } from './checks'
import type { StagedFile } from './stage'
import { q, type Target } from './target'
import { targetOf } from './targets'

/** Rows of the target that `--complet` of this file removes: `t.*`, `_tid` (its ctid) and `_cle` (the natural key as text). */
export function removedRows(file: StagedFile, target: Target): string {
  const keys = file.kind.cle.map(q)
  return `select t.*, t.ctid as _tid, concat_ws(' ', ${keys.map((k) => `e.${k}`).join(', ')}) as _cle
            from ${target.table} t join (${target.existing}) e on e._ctid = t.ctid
           where not exists (select 1 from ${file.table} s where ${keys.map((k) => `s.${k} = e.${k}`).join(' and ')})`
}

/** French names of the tables that may cite a removed row. */
const TABLE_LABEL: Record<string, string> = {
  commandes: 'des commandes',
  commande_lignes: 'des lignes de commande',
  commande_ligne_supplementations: 'des supplémentations de lignes de commande',
  commande_ligne_mineraux: 'des minéraux de lignes de commande',
  livraison_lignes: 'des lignes de livraison',
  contrats: 'des contrats',
  tranche_articles: 'des tranches de plans',
  article_supplementations: 'des supplémentations d’articles',
  article_mineraux: 'des minéraux d’articles',
  lots: 'des lots',
  reglements_tiers: 'des modes de règlement de tiers',
  batiment_types_silo: 'des bâtiments',
  evaluations: 'des évaluations',
  articles: 'des articles',
}

/** Foreign keys that refuse the removal of a row of `table` (no ON DELETE CASCADE). */
async function blockingForeignKeys(client: pg.Client, table: string) {
  const { rows } = await client.query<{ tbl: string; cols: string[]; refcols: string[] }>(
    `select c.conrelid::regclass::text as tbl,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refcols
       from pg_constraint c
      where c.contype = 'f' and c.confrelid = $1::regclass and c.confdeltype in ('a', 'r')`,
    [table],
  )
  return rows
}

export async function checkRemoval(ctx: CheckContext, file: StagedFile): Promise<void> {
  await file.ready()
  const target = targetOf(file.kind.fichier)
  const d = removedRows(file, target)
  const cites = (target.protect ?? []).map((p) => ({ sql: `exists (${p.sql})`, label: p.label }))
  for (const fk of await blockingForeignKeys(ctx.client, target.table)) {
    const on = fk.cols.map((c, i) => `r.${c} = d.${fk.refcols[i]}`).join(' and ')
    cites.push({ sql: `exists (select 1 from ${fk.tbl} r where ${on})`, label: TABLE_LABEL[fk.tbl] ?? fk.tbl })
  }
  for (const cite of cites) {
    const { rows } = await ctx.client.query<{ n: string; exemples: string[] }>(
      `select count(*) as n, (array_agg(d._cle order by d._cle))[1:5] as exemples
         from (${d}) d where ${cite.sql}`,
    )
    const n = Number(rows[0]?.n ?? 0)
    if (n > 0) {
      ctx.errors.add({
        fichier: file.kind.fichier,
        reason: `suppression refusée (--complet) : ${n} ligne(s) absente(s) du fichier sont encore citées par ${cite.label} (${rows[0]!.exemples.join(', ')}${n > 5 ? ', …' : ''}) ; rien n’a été importé`,
      })
    }
  }
}
