// The embedded cluster's roles (docs/database-rights.md). Silo works as `silo_app`, an ordinary
// role (no superuser, no CREATEDB, CREATEROLE, REPLICATION or BYPASSRLS) that owns the `silo`
// database and everything in it: it migrates, reads and writes, and backs up and restores, but
// cannot reach the server's files or programs (`COPY … TO/FROM PROGRAM`, `pg_read_file`,
// untrusted languages, `ALTER SYSTEM`). The cluster's superuser (made by initdb) is used only
// here: to create that role and its database, and to give it what an older Silo made as the
// superuser (a DATA_DIR whose postgres.json names the superuser), at every start.
import pg from 'pg'

export const APP_ROLE = 'silo_app'

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

/**
 * Makes `role` an ordinary login role (with `password` when given: a new role, or one whose
 * password was lost with an upgrade cut short), and the owner of `database` (created if missing).
 * `adminUrl` is the superuser's connection to the `postgres` database.
 */
export async function ensureAppRole(
  adminUrl: string,
  opts: { role: string; password?: string; database: string },
): Promise<void> {
  await withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ super: boolean }>(
      'select rolsuper as super from pg_roles where rolname = current_user',
    )
    if (!rows[0]?.super)
      throw new Error('The embedded PostgreSQL must be opened by its superuser to set up the role Silo works as.')
    const exists = (await c.query('select 1 from pg_roles where rolname = $1', [opts.role])).rowCount
    const rights = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls inherit'
    const password = opts.password === undefined ? '' : ` password ${c.escapeLiteral(opts.password)}`
    if (!exists) {
      if (opts.password === undefined) throw new Error(`The role ${opts.role} is missing and has no password.`)
      await c.query(`create role ${ident(opts.role)} with ${rights}${password}`)
    } else {
      await c.query(`alter role ${ident(opts.role)} with ${rights}${password}`)
    }
    const db = (await c.query('select 1 from pg_database where datname = $1', [opts.database])).rowCount
    if (!db) await c.query(`create database ${ident(opts.database)} owner ${ident(opts.role)}`)
    else await c.query(`alter database ${ident(opts.database)} owner to ${ident(opts.role)}`)
  })
}

/** Objects of the database's own schemas (not PostgreSQL's, not an extension's) owned by another role. */
const NOT_SYSTEM = `n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`
const NOT_EXTENSION = (catalog: string, id: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${id} and d.deptype = 'e')`

/**
 * Gives `role` every schema, table, view, sequence, function and type of the database at
 * `adminDbUrl` (the superuser's connection to it) that another role owns: what an older Silo
 * created as the superuser. Extensions stay the superuser's (their objects are PostgreSQL's).
 * Nothing to do on a database Silo always worked in as `role`: a few catalog reads.
 */
export async function giveObjectsTo(adminDbUrl: string, role: string): Promise<number> {
  return withClient(adminDbUrl, async (c) => {
    const owner = `(select oid from pg_roles where rolname = ${c.escapeLiteral(role)})`
    let changed = 0
    const alter = async (statements: string[]) => {
      for (const statement of statements) await c.query(statement)
      changed += statements.length
    }
    await c.query('begin')
    try {
      const schemas = await c.query<{ name: string }>(
        `select n.nspname as name from pg_namespace n where ${NOT_SYSTEM} and n.nspowner <> ${owner}
           and n.nspowner <> (select oid from pg_roles where rolname = 'pg_database_owner')
           and ${NOT_EXTENSION('pg_namespace', 'n.oid')}`,
      )
      await alter(schemas.rows.map((s) => `alter schema ${ident(s.name)} owner to ${ident(role)}`))
      // Tables first: their indexes and the sequences of their columns (serial, identity) follow.
      const relations = async (kinds: string) =>
        (
          await c.query<{ name: string; kind: string }>(
            `select format('%I.%I', n.nspname, r.relname) as name, r.relkind as kind
               from pg_class r join pg_namespace n on n.oid = r.relnamespace
              where ${NOT_SYSTEM} and r.relkind = any($1) and r.relowner <> ${owner}
                and ${NOT_EXTENSION('pg_class', 'r.oid')}
                and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                                 and d.objid = r.oid and d.deptype in ('a', 'i') and r.relkind = 'S')
              order by 1`,
            [kinds.split('')],
          )
        ).rows
      const keyword = { r: 'table', p: 'table', f: 'foreign table', v: 'view', m: 'materialized view', S: 'sequence' }
      await alter((await relations('rpf')).map((r) => `alter table ${r.name} owner to ${ident(role)}`))
      await alter(
        (await relations('vmS')).map(
          (r) => `alter ${keyword[r.kind as keyof typeof keyword]} ${r.name} owner to ${ident(role)}`,
        ),
      )
      const functions = await c.query<{ name: string; kind: string }>(
        `select p.oid::regprocedure::text as name, p.prokind as kind
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where ${NOT_SYSTEM} and p.proowner <> ${owner} and ${NOT_EXTENSION('pg_proc', 'p.oid')}`,
      )
      await alter(
        functions.rows.map(
          (f) => `alter ${f.kind === 'p' ? 'procedure' : 'function'} ${f.name} owner to ${ident(role)}`,
        ),
      )
      // Types made on their own (enums, domains, ranges, composites), not those of tables or arrays.
      const types = await c.query<{ name: string }>(
        `select format('%I.%I', n.nspname, t.typname) as name
           from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where ${NOT_SYSTEM} and t.typowner <> ${owner} and ${NOT_EXTENSION('pg_type', 't.oid')}
            and t.typelem = 0 and t.typtype in ('e', 'd', 'r', 'c')
            and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')`,
      )
      await alter(types.rows.map((t) => `alter type ${t.name} owner to ${ident(role)}`))
      await c.query('commit')
    } catch (err) {
      await c.query('rollback').catch(() => {})
      throw err
    }
    return changed
  })
}
