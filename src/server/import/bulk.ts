// A table the import fills from empty (a cooperative's first import) is filled the way a restore
// fills it: inside the import's one transaction its keys, indexes and foreign keys (its own, and
// those of other tables pointing to it) are dropped, the rows inserted, then each key and index
// built once and each foreign key checked by one join (ALTER TABLE … ADD CONSTRAINT), under the same
// names. Measured on 3 million delivery lines in random order: 34 s inserted row by row (each row
// checked against its two parents and added to the key's index), 7.5 s this way (issue 40).
// DDL is transactional: a failed or killed import leaves the table with its constraints, as it was.
// The price is an ACCESS EXCLUSIVE lock on that table until the import commits: a request reading
// it waits. So only for a table that holds nothing yet; a delta keeps the row-by-row merge.
// The statements go as few round trips (several statements in one simple query): the merging
// session's answers wait on the thread that reads the next files, and a first import of the
// synthetic cooperative sent some 25 of them per table, 1.5 s of waiting in all (issue 49).
import type pg from 'pg'

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

interface Constraint {
  name: string
  /** The table it is on, as regclass prints it (quoted where needed). */
  rel: string
  def: string
  contype: 'p' | 'u' | 'f'
  /** Its columns' numbers on `rel`, in its order. */
  cols: number[]
}

interface Plan {
  empty: boolean
  /** The table, as regclass prints it. */
  rel: string
  constraints: Constraint[]
  /** Indexes of their own (not a key's): CREATE INDEX statements as PostgreSQL prints them. */
  indexes: Array<{ name: string; def: string }>
  /** The snapshots' version triggers (migration 0008). */
  triggers: Array<{ name: string; def: string }>
}

/** The last result of a simple query of several statements (pg gives an array then). */
const last = <T extends pg.QueryResultRow>(r: pg.QueryResult<T> | Array<pg.QueryResult<T>>) =>
  Array.isArray(r) ? r[r.length - 1]! : r

/**
 * When `table` is empty and the import may alter it: drops its keys, indexes and the foreign keys
 * to and from it, and gives back what builds them again (to run once the rows are in). Otherwise
 * null, and nothing is changed.
 * `analyze`: the table's statistics are taken once its keys and indexes are built and before its
 * foreign keys are checked, so that the check is planned on what the table holds (the same query
 * run by hand on 3 million delivery lines: 1.08 s without them, 0.51 s with; inside the import's
 * rebuild, 0.1 s saved).
 * `frozen`: the rows went in by COPY … FREEZE (merge.ts), the table's pages are all-visible.
 */
export type Rebuild = (opts?: { analyze?: boolean; frozen?: boolean }) => Promise<void>

/**
 * Statistics at the server's own precision for one of Silo's tables (the import's session keeps a
 * coarse one for its staging tables): one statement, so that a staging table's ANALYZE queued on
 * the session cannot come in between.
 */
export const analyzeSql = (table: string) =>
  `reset default_statistics_target; analyze ${table}; set default_statistics_target = 10`

/** What the lock found, and what goes: one query, the table's name as a literal. */
const planSql = (table: string) => {
  const oid = `${literal(table)}::regclass`
  return `select not exists (select 1 from ${table}) as empty, ${oid}::text as rel,
    (select coalesce(json_agg(json_build_object('name', conname, 'rel', conrelid::regclass::text,
                                                'def', pg_get_constraintdef(oid), 'contype', contype,
                                                'cols', conkey)
                              order by contype = 'f' desc, conname), '[]')
       from pg_constraint
      where (conrelid = ${oid} and contype in ('p', 'u', 'f'))
         or (confrelid = ${oid} and contype = 'f' and conrelid <> ${oid})) as constraints,
    (select coalesce(json_agg(json_build_object('name', i.indexrelid::regclass::text,
                                                'def', pg_get_indexdef(i.indexrelid))), '[]')
       from pg_index i
      where i.indrelid = ${oid}
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))) as indexes,
    (select coalesce(json_agg(json_build_object('name', tgname, 'def', pg_get_triggerdef(oid))), '[]')
       from pg_trigger where tgrelid = ${oid} and not tgisinternal and tgname like 'versions_hc_%') as triggers`
}

/**
 * `refused`: the table's own foreign keys are added back each in a block of its own that cannot
 * fail (an exception block): a foreign key whose check fails is not added, its name is pushed
 * there, and the import's transaction goes on (the import then names the rows, run.ts). Without
 * it, a failing foreign key fails the statement.
 */
export async function dropForBulk(client: pg.Client, table: string, refused?: string[]): Promise<Rebuild | null> {
  // Before any lock: a table that holds rows keeps its keys, and readers are not held.
  const { rows: look } = await client.query<{ empty: boolean; owns: boolean }>(
    `select not exists (select 1 from ${table}) as empty,
            (select bool_and(pg_has_role(c.relowner, 'USAGE')) from pg_class c
              where c.oid = $1::regclass
                 or c.oid in (select conrelid from pg_constraint where confrelid = $1::regclass and contype = 'f')) as owns`,
    [table],
  )
  // The import's role must own the table and every table whose foreign keys point to it (ALTER).
  if (!look[0]?.empty || look[0].owns !== true) return null
  // Silo may have written a row (an order) between the first look and the lock: looked at again.
  const plan = last(await client.query<Plan>(`lock table ${table} in access exclusive mode; ${planSql(table)}`))
    .rows[0]!
  if (!plan.empty) return null
  const foreign = plan.constraints.filter((c) => c.contype === 'f')
  const keys = plan.constraints.filter((c) => c.contype !== 'f')
  await client.query(
    [
      // Foreign keys first: a key cannot go while one points to it.
      ...plan.constraints.map((c) => `alter table ${c.rel} drop constraint ${ident(c.name)}`),
      ...plan.indexes.map((i) => `drop index ${i.name}`),
      // A new, empty file for the table in this transaction: under wal_level = minimal (the embedded
      // server's) its rows, keys and indexes go in without WAL and are synced once at commit
      // (PostgreSQL's "Populating a Database", 14.4.7). Elsewhere it costs nothing: the table is empty.
      `truncate table ${table}`,
      // The snapshots' version triggers (migration 0008) wait while the import runs, which moves
      // every snapshot once at its end; but their transition tables would still keep every row
      // inserted (a disabled trigger's too): dropped for this table under the same lock, made again after.
      ...plan.triggers.map((t) => `drop trigger ${ident(t.name)} on ${table}`),
    ].join(';\n'),
  )
  const own = refused ? foreign.filter((c) => c.rel === plan.rel) : []
  const add = (c: Constraint) => `alter table ${c.rel} add constraint ${ident(c.name)} ${c.def}`
  const primary = keys.find((c) => c.contype === 'p')
  return async ({ analyze = false, frozen = false } = {}) => {
    // A foreign key whose columns lead the table's primary key, on rows frozen as they went in: its
    // check walks that key and the parent's in order (a merge join of two index-only scans) instead
    // of hashing the parent, which PostgreSQL's costs prefer. 3 million delivery lines against 1.2
    // million deliveries: 1.0 s → 0.45 s (embedded server, by hand). Only for that check: a foreign
    // key on other columns would sort the whole table for it.
    const walked = (c: Constraint) =>
      frozen && c.rel === plan.rel && primary !== undefined && c.cols.every((n, i) => primary.cols[i] === n)
    const hashing = (on: boolean) => `set local enable_hashjoin ${on ? 'to default' : '= off'}`
    const checked = (c: Constraint) => (walked(c) ? [hashing(false), add(c), hashing(true)] : [add(c)])
    const statements = [
      ...keys.map(add),
      ...plan.indexes.map((i) => i.def),
      ...(analyze ? [analyzeSql(table)] : []),
      ...foreign.filter((c) => !own.includes(c)).flatMap(checked),
    ]
    // In a block of its own, a refused key's setting goes back with it.
    if (own.length)
      statements.push(
        `do $$ begin ${own
          .map(
            (c) =>
              `begin ${checked(c)
                .map((sql) => `execute ${literal(sql)};`)
                .join(' ')} exception when foreign_key_violation then null; end;`,
          )
          .join(' ')} end $$`,
      )
    statements.push(...plan.triggers.map((t) => t.def))
    statements.push(
      `select conname as name from pg_constraint where conrelid = ${literal(plan.rel)}::regclass and contype = 'f'`,
    )
    const added = last(await client.query<{ name: string }>(statements.join(';\n'))).rows.map((r) => r.name)
    for (const c of own) if (!added.includes(c.name)) refused!.push(c.name)
  }
}
