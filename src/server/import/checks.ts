// The checks that need every row at once, run in SQL on the staging tables, a file's before it is
// merged and once the files it cites are staged (issue 40): a key twice in a file, a row pointing
// to a row that neither the folder nor Silo holds (and, in removal.ts, `--complet` removing a row
// that orders or any foreign key still cite). They only read: `--verifier` runs them and stops there.
import type pg from 'pg'
import type { Kind } from '../../contract/import/kind'
import { kindOfFile } from '../../contract/import/kinds'
import type { ErrorSink } from './errors'
import type { StagedFile } from './stage'
import { q, snake, type Reference, type Target } from './target'
import { targetOf } from './targets'

export interface CheckContext {
  client: pg.Client
  /** The files staged so far: a file is checked once those it cites are (KINDS order). */
  staged: ReadonlyMap<string, StagedFile>
  /** Every file of the folder this import reads, staged or still to be. */
  reading: ReadonlySet<string>
  /** Files of the folder refused whole: the rows citing them are counted, not checked one by one. */
  refused: ReadonlySet<string>
  /** Files merged so far: every row of theirs is in their table, in this transaction. */
  merged: ReadonlySet<string>
  complet: ReadonlySet<string>
  errors: ErrorSink
}

const LIMIT = 1000

/** Whether a file of the folder cites `kind`'s file by its natural key (checkReferences looks it up then). */
function citedByKey(reading: ReadonlySet<string>, kind: Kind): boolean {
  return [...reading].some((other) =>
    targetOf(other).refs.some((ref) => ref.to === kind.fichier && (!ref.key || ref.key.join() === kind.cle.join())),
  )
}

/**
 * The indexes a staged file needs, built by the session that copied it, right after its COPY (run.ts):
 * on the other core, while the merging session merges the files before it (the delivery numbers'
 * unique index took 0.45 s of the merge's time).
 * - Its natural key gets a unique index: built, it proves that the file holds each key once (a
 *   sort: grouping 3 million delivery lines to find the same key twice took 2.7 s), and serves the
 *   files that cite the key, checked after this one. Refused, the key gets a plain index (one
 *   statement with its own exception block), and checkDuplicates lists every duplicate. A file seen
 *   to hold each key once as it was read (key-order.ts) needs the index only when another file
 *   cites the key.
 * - The keys other files cite it by, other than its natural key: the reference checks are
 *   anti-joins of one staging table against another; with coarse statistics the planner may take a
 *   nested loop over the referred table for each row (the cooperative's 64,000 tranches against its
 *   16,000 plans: 14.7 s): an index makes each lookup cheap whatever the plan.
 */
export function stagingIndexes(
  reading: ReadonlySet<string>,
  file: Pick<StagedFile, 'kind' | 'table' | 'keysDistinct'>,
): string[] {
  const { kind, table } = file
  const out: string[] = []
  if (!file.keysDistinct || citedByKey(reading, kind)) {
    const index = (unique: string) => `create ${unique} index on ${table} (${kind.cle.map(q).join(', ')})`
    out.push(
      `do $$ begin execute '${index('unique')}'; exception when unique_violation then execute '${index('')}'; end $$`,
    )
  }
  const cited = new Set<string>()
  for (const other of reading)
    for (const ref of targetOf(other).refs)
      if (ref.to === kind.fichier && ref.key && ref.key.join() !== kind.cle.join()) cited.add(ref.key.map(q).join(', '))
  for (const key of cited) out.push(`create index on ${table} (${key})`)
  return out
}

/** Lists every key found twice in the file, when its unique index was refused (stagingIndexes). */
export async function checkDuplicates(ctx: CheckContext, file: StagedFile): Promise<void> {
  const keys = file.kind.cle.map(q)
  if (file.keysDistinct) return
  await file.ready()
  const { rows: unique } = await ctx.client.query<{ ok: boolean }>(
    'select bool_or(indisunique) as ok from pg_index where indrelid = $1::regclass',
    [file.table],
  )
  if (unique[0]?.ok) return
  const { rows } = await ctx.client.query<{ ligne: number; premiere: number; cle: string }>(
    `select s._ligne as ligne, d.premiere, concat_ws(' ', ${keys.map((k) => `s.${k}`).join(', ')}) as cle
       from ${file.table} s
       join (select ${keys.join(', ')}, min(_ligne) as premiere from ${file.table}
              where ${keys.map((k) => `${k} is not null`).join(' and ')}
              group by ${keys.join(', ')} having count(*) > 1) d
         on ${keys.map((k) => `d.${k} = s.${k}`).join(' and ')}
      where s._ligne <> d.premiere
      order by s._ligne limit ${LIMIT}`,
  )
  const column = file.kind.cle.at(-1)!
  for (const r of rows) {
    ctx.errors.add({
      fichier: file.kind.fichier,
      line: r.ligne,
      column,
      reason: `clé en double (${r.cle}), déjà ligne ${r.premiere}`,
    })
  }
}

/**
 * The referred file's staging table, when the check must read it: not once the file is merged (its
 * rows are then in Silo's table, which the check reads anyway), unless --complet removes rows from
 * that table at the end. Copied first if its rows were kept for later (stage.ts `ready`).
 */
async function stagedReferred(ctx: CheckContext, ref: Reference): Promise<StagedFile | undefined> {
  const inFolder = ctx.staged.get(ref.to)
  if (!inFolder || inFolder.unusable) return undefined
  if (ctx.merged.has(ref.to) && !ctx.complet.has(ref.to)) return undefined
  await inFolder.ready()
  return inFolder
}

/** `not exists` clauses: in the referred file of the folder, then in Silo (unless removed by --complet). */
function missing(ctx: CheckContext, ref: Reference, inFolder: StagedFile | undefined, values: string[]): string {
  const to = kindOfFile(ref.to)!
  const key = ref.key ?? [...to.cle]
  const eq = (alias: string) => key.map((k, i) => `${alias}.${q(k)} = ${values[i]}`).join(' and ')
  const clauses: string[] = []
  if (inFolder) clauses.push(`not exists (select 1 from ${inFolder.table} f where ${eq('f')})`)
  if (!ctx.complet.has(ref.to))
    clauses.push(`not exists (select 1 from (${targetOf(ref.to).existing}) e where ${eq('e')})`)
  return clauses.length ? clauses.join(' and ') : 'true'
}

/** The cited value as the report shows it: '999999', or 'numExploitation 1, numBatiment 20'. */
const valueOf = (columns: string[]) =>
  columns.length === 1
    ? `s.${q(columns[0]!)}::text`
    : `concat_ws(', ', ${columns.map((c) => `'${c} ' || s.${q(c)}`).join(', ')})`

/**
 * Rows citing a file refused whole cannot be checked (its rows are unknown, Silo's are not the
 * folder's): one line per citing file says how many, instead of one error per row burying the
 * cause (a tiers.csv refused for its header made 639 addresses "d'un tiers inconnu").
 */
async function countUnchecked(ctx: CheckContext, file: StagedFile, refs: Reference[]): Promise<void> {
  for (const to of new Set(refs.map((ref) => ref.to))) {
    const cites = refs.filter((ref) => ref.to === to)
    const citing = cites
      .map((ref) =>
        ref.list
          ? `cardinality(s.${q(ref.columns[0]!)}) > 0`
          : `(${ref.columns.map((c) => `s.${q(c)} is not null`).join(' and ')})`,
      )
      .join(' or ')
    const { rows } = await ctx.client.query<{ n: string }>(`select count(*) as n from ${file.table} s where ${citing}`)
    const n = Number(rows[0]?.n ?? 0)
    if (n > 0)
      ctx.errors.add({
        fichier: file.kind.fichier,
        reason: `${n} ${n > 1 ? 'lignes' : 'ligne'} de ${file.kind.fichier} non ${n > 1 ? 'vérifiées' : 'vérifiée'} : ${to} refusé`,
      })
  }
}

/** `keep`: the references to check (all but those a foreign key checks, or only those: run.ts). */
export async function checkReferences(
  ctx: CheckContext,
  file: StagedFile,
  keep: (ref: Reference) => boolean = () => true,
): Promise<void> {
  const target = targetOf(file.kind.fichier)
  const present = target.refs.filter((ref) => ref.columns.every((c) => file.present.includes(c)) && keep(ref))
  if (present.length === 0) return
  await file.ready()
  await countUnchecked(
    ctx,
    file,
    present.filter((ref) => ctx.refused.has(ref.to)),
  )
  for (const ref of present) {
    if (ctx.refused.has(ref.to)) continue
    const inFolder = await stagedReferred(ctx, ref)
    const sql = ref.list
      ? // The cited codes as one set first: planned per row, unnest's guess of 10 codes made an
        // anti-join look like one row and the next one a nested loop: 64,000 tranches' articles
        // checked in 14.7 s against the staged articles (PostgreSQL 15), under 0.3 s as a set.
        `with x as materialized (select s._ligne, v from ${file.table} s cross join unnest(s.${q(ref.columns[0]!)}) v)
         select x._ligne as ligne, x.v as valeur from x
          where ${missing(ctx, ref, inFolder, ['x.v'])} order by x._ligne limit ${LIMIT}`
      : `select s._ligne as ligne, ${valueOf(ref.columns)} as valeur
           from ${file.table} s
          where ${ref.columns.map((c) => `s.${q(c)} is not null`).join(' and ')}
            and ${missing(
              ctx,
              ref,
              inFolder,
              ref.columns.map((c) => `s.${q(c)}`),
            )}
          order by s._ligne limit ${LIMIT}`
    const { rows } = await ctx.client.query<{ ligne: number; valeur: string }>(sql)
    const where = ctx.staged.has(ref.to) ? `ni dans ${ref.to} ni dans Silo` : `absent de Silo (pas de ${ref.to})`
    const removed = ctx.complet.has(ref.to) ? `absent de ${ref.to}, importé en --complet` : where
    for (const r of rows) {
      ctx.errors.add({
        fichier: file.kind.fichier,
        line: r.ligne,
        column: ref.columns.at(-1)!,
        reason: `${ref.label} : ${r.valeur} (${removed})`,
      })
    }
  }
}

/**
 * The file's references that one of its table's own foreign keys checks once its rows are in: a
 * column of the table itself (no join that would drop a row whose parent is missing), pointing to
 * a table whose rows are the folder's and Silo's (not removed by --complet at the end), through
 * the same columns. With a first import's bulk load (bulk.ts) PostgreSQL checks them when it adds
 * the key back, by one join: the SQL check would be the same join, once more (3 million delivery
 * lines: 2 s). Read before the file's table loses its keys.
 */
export async function referencesCheckedByForeignKeys(
  ctx: CheckContext,
  file: StagedFile,
): Promise<Array<{ ref: Reference; constraint: string }>> {
  const target = targetOf(file.kind.fichier)
  if (target.joins) return []
  const { rows: keys } = await ctx.client.query<{ name: string; tbl: string; cols: string[]; refcols: string[] }>(
    `select c.conname as name, c.confrelid::regclass::text as tbl,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refcols
       from pg_constraint c where c.contype = 'f' and c.conrelid = $1::regclass`,
    [target.table],
  )
  const column = (t: Target, name: string) => (t.rename?.[name] === undefined ? snake(name) : t.rename[name])
  const out: Array<{ ref: Reference; constraint: string }> = []
  for (const ref of target.refs) {
    if (ref.list || ctx.complet.has(ref.to) || ctx.refused.has(ref.to)) continue
    if (!ref.columns.every((c) => file.present.includes(c))) continue
    const to = targetOf(ref.to)
    const cols = ref.columns.map((c) => column(target, c))
    const refcols = (ref.key ?? kindOfFile(ref.to)!.cle).map((c) => column(to, c))
    const key = keys.find(
      (k) => k.tbl === to.table && k.cols.join() === cols.join() && k.refcols.join() === refcols.join(),
    )
    if (key) out.push({ ref, constraint: key.name })
  }
  return out
}
