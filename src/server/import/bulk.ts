// A table the import fills from empty (a cooperative's first import) is filled the way a restore
// fills it: inside the import's one transaction its keys, indexes and foreign keys (its own, and
// those of other tables pointing to it) are dropped, the rows inserted, then each key and index
// built once and each foreign key checked by one join (ALTER TABLE … ADD CONSTRAINT), under the same
// names. Measured on 3 million delivery lines in random order: 34 s inserted row by row (each row
// checked against its two parents and added to the key's index), 7.5 s this way (issue 40).
// DDL is transactional: a failed or killed import leaves the table with its constraints, as it was.
// The price is an ACCESS EXCLUSIVE lock on that table until the import commits: a request reading
// it waits. So only for a table that holds nothing yet; a delta keeps the row-by-row merge.
import type pg from 'pg'

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

interface Constraint {
  name: string
  /** The table it is on, as regclass prints it (quoted where needed). */
  rel: string
  def: string
  contype: 'p' | 'u' | 'f'
}

async function isEmpty(client: pg.Client, table: string): Promise<boolean> {
  const { rows } = await client.query<{ has: boolean }>(`select exists (select 1 from ${table}) as has`)
  return !rows[0]!.has
}

/** The import's role owns the table and every table whose foreign keys point to it (ALTER needs it). */
async function ownsAll(client: pg.Client, table: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(
    `select bool_and(pg_has_role(c.relowner, 'USAGE')) as ok from pg_class c
      where c.oid = $1::regclass
         or c.oid in (select conrelid from pg_constraint where confrelid = $1::regclass and contype = 'f')`,
    [table],
  )
  return rows[0]?.ok === true
}

/**
 * When `table` is empty and the import may alter it: drops its keys, indexes and the foreign keys
 * to and from it, and gives back what builds them again (to run once the rows are in). Otherwise
 * null, and nothing is changed.
 */
export type Rebuild = () => Promise<void>

/**
 * `refused`: the table's own foreign keys are added back each in a statement of its own that
 * cannot fail (an exception block): a foreign key whose check fails is not added, its name is
 * pushed there, and the import's transaction goes on (the import then names the rows, run.ts).
 * Without it, a failing foreign key fails the statement.
 */
export async function dropForBulk(client: pg.Client, table: string, refused?: string[]): Promise<Rebuild | null> {
  if (!(await isEmpty(client, table)) || !(await ownsAll(client, table))) return null
  await client.query(`lock table ${table} in access exclusive mode`)
  // Silo may have written a row (an order) between the first look and the lock.
  if (!(await isEmpty(client, table))) return null
  const { rows: constraints } = await client.query<Constraint>(
    `select conname as name, conrelid::regclass::text as rel, pg_get_constraintdef(oid) as def, contype
       from pg_constraint
      where (conrelid = $1::regclass and contype in ('p', 'u', 'f'))
         or (confrelid = $1::regclass and contype = 'f' and conrelid <> $1::regclass)`,
    [table],
  )
  // Indexes of their own (not a key's): CREATE INDEX statements as PostgreSQL prints them.
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = $1::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))`,
    [table],
  )
  const foreign = constraints.filter((c) => c.contype === 'f')
  const { rows: rel } = await client.query<{ rel: string }>('select $1::regclass::text as rel', [table])
  const tableRel = rel[0]!.rel
  const keys = constraints.filter((c) => c.contype !== 'f')
  // Foreign keys first: a key cannot go while one points to it.
  for (const c of [...foreign, ...keys]) await client.query(`alter table ${c.rel} drop constraint ${ident(c.name)}`)
  for (const i of indexes) await client.query(`drop index ${i.name}`)
  // A new, empty file for the table in this transaction: under wal_level = minimal (the embedded
  // server's) its rows, keys and indexes go in without WAL and are synced once at commit
  // (PostgreSQL's "Populating a Database", 14.4.7). Elsewhere it costs nothing: the table is empty.
  await client.query(`truncate table ${table}`)
  // The snapshots' version triggers (migration 0008) wait while the import runs, which moves every
  // snapshot once at its end; but their transition tables would still keep every row inserted
  // (a disabled trigger's too): dropped for this table under the same lock, made again after.
  const { rows: triggers } = await client.query<{ name: string; def: string }>(
    `select tgname as name, pg_get_triggerdef(oid) as def from pg_trigger
      where tgrelid = $1::regclass and not tgisinternal and tgname like 'versions_hc_%'`,
    [table],
  )
  for (const t of triggers) await client.query(`drop trigger ${ident(t.name)} on ${table}`)
  return async () => {
    for (const c of keys) await client.query(`alter table ${c.rel} add constraint ${ident(c.name)} ${c.def}`)
    for (const i of indexes) await client.query(i.def)
    for (const c of foreign) {
      const add = `alter table ${c.rel} add constraint ${ident(c.name)} ${c.def}`
      if (!refused || c.rel !== tableRel) {
        await client.query(add)
        continue
      }
      await client.query(`do $$ begin execute ${literal(add)}; exception when foreign_key_violation then null; end $$`)
      const { rows } = await client.query(
        'select 1 from pg_constraint where conrelid = $1::regclass and conname = $2',
        [table, c.name],
      )
      if (rows.length === 0) refused.push(c.name)
    }
    for (const t of triggers) await client.query(t.def)
  }
}
