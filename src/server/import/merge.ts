// The merge of one staged file into its table, inside the import's one transaction (issue 40):
// INSERT … SELECT … ON CONFLICT DO UPDATE … WHERE … IS DISTINCT FROM, so an unchanged row is not
// written at all and importing the same folder again changes 0 rows. Tables whose natural key has
// no unique constraint (plans, tranches, incidents, order steps) are updated then inserted where
// missing. Ids are found in SQL from the natural keys (joins of the target), never in memory.
import type pg from 'pg'
import { dropForBulk, type Rebuild } from './bulk'
import { directTable } from './direct-copy'
import { copyFromFile } from './direct-files'
import type { StagedFile } from './stage'
import { removedRows } from './removal'
import { q, snake, type Target } from './target'

export interface Counts {
  inserted: number
  updated: number
  removed: number
}

/** Rows inserted into a table that held few: its statistics are taken again (transaction.ts). */
export const worthAnalyzing = (inserted: number, held: number) => inserted > 10_000 && inserted > held / 10

/** Target column → SQL expression over the staging row `s` and the target's joins. */
function columnsOf(file: StagedFile, target: Target): Map<string, string> {
  const out = new Map<string, string>()
  for (const name of file.present) {
    const renamed = target.rename?.[name]
    if (renamed === null) continue
    // An instant is staged as timestamptz, read by COPY in the session's time zone (Paris): run.ts.
    out.set(renamed ?? snake(name), `s.${q(name)}`)
  }
  for (const [column, expr] of Object.entries(target.derived ?? {})) out.set(column, expr)
  return out
}

const distinct = (left: string, right: string, cols: string[]) =>
  `(${cols.map((c) => `${left}.${c}`).join(', ')}) is distinct from (${cols.map((c) => `${right}.${c}`).join(', ')})`

async function one(client: pg.Client, sql: string): Promise<Record<string, string>> {
  const { rows } = await client.query<Record<string, string>>(sql)
  return rows[0] ?? {}
}

/**
 * The file's rows go into a table emptied in this transaction (bulk.ts) by one COPY of its direct
 * file, frozen as they go in: their pages are marked all-visible, so the table is not written a
 * second time by its first readers (hint bits) nor by its first vacuum, and a foreign key leading
 * its key is checked by walking both keys in order (bulk.ts, `frozen`).
 */
const copiedFrozen = (file: StagedFile, empty: boolean): file is StagedFile & { direct: string } =>
  empty && file.direct !== undefined

/**
 * Inserts and updates the file's rows; with list children, every parent touched is noted in _touched.
 * `empty`: the table holds nothing and has no key now (bulk.ts): every row is inserted, nothing to match.
 */
async function upsert(
  client: pg.Client,
  file: StagedFile,
  target: Target,
  touched: boolean,
  empty: boolean,
): Promise<Counts> {
  const cols = columnsOf(file, target)
  const names = [...cols.keys()]
  // Written while the file was read, in these columns (direct-copy.ts): COPY parses them faster
  // than INSERT … SELECT copies rows from one table to another (3 million delivery lines on
  // PostgreSQL 15: 1.3 s against 1.8–2.0 s). Into a table that is not empty (a small file, or an
  // order came in meanwhile), they go through a table of their own, its staging table holding only
  // the checked columns. Set only for a table that takes the file's cells as they are (no joins,
  // no list children: never `touched`).
  if (copiedFrozen(file, empty)) {
    const inserted = await copyFromFile(client, file.direct, target.table, names, { freeze: true })
    return { inserted, updated: 0, removed: 0 }
  }
  const direct = file.direct
  const rows = direct ? await directTable(client, file, direct) : file.table
  const source = `from ${rows} s ${target.joins ?? ''}`
  const key = target.conflict ?? target.match!
  const changing = names.filter((c) => !key.includes(c))
  const onUpdate = Object.entries(target.onUpdate ?? {}).map(([c, e]) => `${c} = ${e}`)
  const returning = touched ? `t.${target.row!.column}::text as id, (xmax = 0) as ins` : '(xmax = 0) as ins'
  const collect = (w: string) =>
    touched
      ? `with w as (${w}) insert into _touched select id, ins from w on conflict do nothing`
      : `with w as (${w}) select count(*) filter (where ins) as ins, count(*) filter (where not ins) as upd from w`
  if (empty) {
    const insert = `insert into ${target.table} as t (${names.join(', ')}) select ${[...cols.values()].join(', ')} ${source}`
    return { inserted: (await client.query(insert)).rowCount ?? 0, updated: 0, removed: 0 }
  }
  if (target.conflict) {
    // Only the rows that are new or differ reach the INSERT: ON CONFLICT DO UPDATE locks the row it
    // conflicts with before its WHERE is looked at, so an unchanged row would still be written (its
    // lock), every page of the table with it, at a re-import of an unchanged folder (issue 49).
    const keyExpr = target.conflict.map((c) => cols.get(c)!)
    const unchanged = `not exists (select 1 from ${target.table} x
        where (${target.conflict.map((c) => `x.${c}`).join(', ')}) = (${keyExpr.join(', ')})
          ${changing.length ? `and (${changing.map((c) => `x.${c}`).join(', ')}) is not distinct from (${changing.map((c) => cols.get(c)!).join(', ')})` : ''})`
    const action = changing.length
      ? `do update set ${[...changing.map((c) => `${c} = excluded.${c}`), ...onUpdate].join(', ')}
           where ${distinct('t', 'excluded', changing)}`
      : 'do nothing'
    const r = await one(
      client,
      collect(`insert into ${target.table} as t (${names.join(', ')})
                 select ${[...cols.values()].join(', ')} ${source}
                  where ${unchanged}
                 on conflict (${target.conflict.join(', ')}) ${action}
                 returning ${returning}`),
    )
    return { inserted: Number(r.ins ?? 0), updated: Number(r.upd ?? 0), removed: 0 }
  }
  // No unique constraint on the natural key: the staged rows are matched to the table's once (a
  // left join), then the rows found that differ are updated and the others inserted, in one
  // statement (the insert does not see the update's rows: they are not its own). Unchanged rows
  // drop out at the join and are neither written nor locked.
  const v = `select ${[...cols.entries()].map(([c, e]) => `${e} as ${c}`).join(', ')} ${source}`
  const found = key.map((c) => `t.${c} = v.${c}`).join(' and ')
  const id = touched ? `t.${target.row!.column}::text` : 'null::text'
  const update = changing.length
    ? `update ${target.table} t set ${[...changing.map((c) => `${c} = m.${c}`), ...onUpdate].join(', ')}
         from m where t.ctid = m._tid returning ${id} as id, false as ins`
    : `select null::text as id, false as ins where false`
  const statement = `with v as materialized (${v}),
       m as materialized (select v.*, t.ctid as _tid from v left join ${target.table} t on ${found}
                           where t.ctid is null${changing.length ? ` or ${distinct('t', 'v', changing)}` : ''}),
       u as (${update}),
       i as (insert into ${target.table} as t (${names.join(', ')})
               select ${names.map((c) => `m.${c}`).join(', ')} from m where m._tid is null
             returning ${id} as id, true as ins),
       w as (select * from u union all select * from i)`
  if (touched) {
    await client.query(`${statement} insert into _touched select id, ins from w on conflict do nothing`)
    return { inserted: 0, updated: 0, removed: 0 }
  }
  const r = await one(
    client,
    `${statement} select count(*) filter (where ins) as ins, count(*) filter (where not ins) as upd from w`,
  )
  return { inserted: Number(r.ins ?? 0), updated: Number(r.upd ?? 0), removed: 0 }
}

/**
 * Makes each list child match its parent's list (adds the missing elements, removes the others).
 * `empty`: the parent's table held nothing, so neither does the child's (its foreign key): the
 * elements are inserted, the bulk way when the child's table may be altered (bulk.ts).
 */
async function syncChildren(client: pg.Client, file: StagedFile, target: Target, empty: boolean): Promise<void> {
  for (const child of target.children ?? []) {
    if (!file.present.includes(child.column)) continue
    if (empty) {
      const rebuild = await dropForBulk(client, child.table)
      await client.query(
        `insert into ${child.table} (${child.parent}, ${child.element})
         select ${target.row!.id}, x from ${file.table} s ${target.joins ?? ''} ${target.row!.joins}
          cross join unnest(s.${q(child.column)}) x`,
      )
      await rebuild?.()
      continue
    }
    await client.query(
      `with src as (select ${target.row!.id} as pid, s.${q(child.column)} as l
                      from ${file.table} s ${target.joins ?? ''} ${target.row!.joins}),
            ins as (insert into ${child.table} (${child.parent}, ${child.element})
                      select src.pid, x from src cross join unnest(src.l) x
                      on conflict do nothing returning ${child.parent} as pid),
            del as (delete from ${child.table} c using src
                     where c.${child.parent} = src.pid and not (c.${child.element} = any(src.l))
                     returning c.${child.parent} as pid)
       insert into _touched select pid::text, false from (select pid from ins union select pid from del) z
       on conflict do nothing`,
    )
  }
}

/**
 * `rebuild`: the table was emptied of its keys (bulk.ts), built again once its rows are in, with
 * its statistics taken before its foreign keys are checked when that many rows went in
 * (`analyzed`: the caller need not take them again).
 */
export async function mergeFile(
  client: pg.Client,
  file: StagedFile,
  target: Target,
  rebuild: Rebuild | null,
): Promise<Counts & { analyzed: boolean }> {
  if (!target.children?.length) {
    const counts = await upsert(client, file, target, false, rebuild !== null)
    const analyze = rebuild !== null && worthAnalyzing(counts.inserted, 0)
    await rebuild?.({ analyze, frozen: copiedFrozen(file, rebuild !== null) })
    return { ...counts, analyzed: analyze }
  }
  // A table filled from empty: every row is new, and so is every child. Not noted one by one in
  // _touched: the synthetic cooperative's 140,000 order lines went in in 0.83 s instead of 2.23 s, its
  // 64,000 tranches in 0.42 s instead of 1.30 s (embedded server, one run of each).
  if (rebuild) {
    const counts = await upsert(client, file, target, false, true)
    // The list children find their parent by its key: built first.
    await rebuild()
    await syncChildren(client, file, target, true)
    return { ...counts, analyzed: false }
  }
  await client.query('create temp table if not exists _touched (id text primary key, ins boolean not null)')
  await client.query('truncate _touched')
  await upsert(client, file, target, true, false)
  await syncChildren(client, file, target, false)
  const r = await one(
    client,
    'select count(*) filter (where ins) as ins, count(*) filter (where not ins) as upd from _touched',
  )
  return { inserted: Number(r.ins ?? 0), updated: Number(r.upd ?? 0), removed: 0, analyzed: false }
}

/** `--complet`: removes the rows of the table that the file does not hold. */
export async function removeAbsent(client: pg.Client, file: StagedFile, target: Target): Promise<number> {
  await file.ready()
  const r = await one(
    client,
    `with w as (delete from ${target.table} x where x.ctid in (select d._tid from (${removedRows(file, target)}) d)
                returning 1)
     select count(*) as n from w`,
  )
  return Number(r.n ?? 0)
}
