// The embedded database's rights (issue 42, docs/database-rights.md): Silo works as `silo_app`, an
// ordinary role owning its database, never as the cluster's superuser, so that no query it makes
// can run a program or read a file of the host (`COPY … TO PROGRAM`). On a new cluster, and on a
// cluster an older Silo made (one role, the superuser, owning everything), given to that role in
// place at start: its rows kept, its remaining migrations applied by the new role.
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder, openDatabase, type OpenedDatabase } from '../../src/server/db/client'
import { clusterUrl, readCredentials, startCluster } from '../../src/server/db/embedded/cluster'
import { acquireLock } from '../../src/server/db/embedded/lock'
import { APP_ROLE } from '../../src/server/db/embedded/app-role'
import { selectRows } from '../../src/server/db/raw'

const dir = mkdtempSync(join(tmpdir(), 'silo-rights-'))
// Crossable by the `silo` user the clusters run as when the tests run as root.
chmodSync(dir, 0o711)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

const onDatabase = (url: string, database: string) => {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** Who the opened database works as. */
const whoAmI = async (opened: OpenedDatabase) =>
  (
    await selectRows<{ name: string; rolsuper: boolean }>(
      opened.db,
      sql`select current_user as name, rolsuper from pg_roles where rolname = current_user`,
    )
  )[0]

/** The message PostgreSQL gave to a refused query (drizzle wraps it). */
async function refusal(opened: OpenedDatabase, query: ReturnType<typeof sql>): Promise<string> {
  try {
    await opened.db.execute(query)
  } catch (err) {
    return String((err as { cause?: Error }).cause?.message ?? (err as Error).message)
  }
  return 'accepted'
}

/** Tables, views, sequences, functions and schemas of the database not owned by Silo's role. */
const ownedByOthers = (opened: OpenedDatabase) =>
  selectRows<{ name: string }>(
    opened.db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S', 'i')
           and c.relowner <> (select oid from pg_roles where rolname = ${APP_ROLE})
           and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
        union all
        select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.proowner <> (select oid from pg_roles where rolname = ${APP_ROLE})
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        union all
        select nspname from pg_namespace where nspname = 'drizzle'
           and nspowner <> (select oid from pg_roles where rolname = ${APP_ROLE})`,
  )

const migrationCount = () =>
  (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries
    .length

describe('the embedded database’s rights', () => {
  it('a new cluster: Silo works as an ordinary role that owns its database, COPY … PROGRAM refused', async () => {
    const data = join(dir, 'fresh')
    const opened = await openDatabase({ dataDir: data })
    try {
      expect(await whoAmI(opened)).toEqual({ name: APP_ROLE, rolsuper: false })
      expect(await refusal(opened, sql`copy (select 1) to program 'true'`)).toMatch(/permission denied|superuser/)
      expect(await refusal(opened, sql`select pg_read_file('postgresql.conf')`)).toMatch(/permission denied/)
      expect(await refusal(opened, sql`create database autre`)).toMatch(/permission denied/)
      expect(await refusal(opened, sql`alter system set fsync = off`)).toMatch(/permission denied|must be superuser/)
      // Migrated by that role, which owns all it made (the trusted extensions' objects excepted).
      expect(await ownedByOthers(opened)).toEqual([])
      const [mail] = await selectRows<{ id: number }>(
        opened.db,
        sql`insert into mail_outbox (\"to\", subject, body) values ('a@example.org', 's', 'b') returning id`,
      )
      expect(mail!.id).toBeGreaterThan(0)
    } finally {
      await opened.close()
    }
    const credentials = readCredentials(data)!
    expect(credentials).toMatchObject({ user: APP_ROLE, database: 'silo', admin: { user: 'silo' } })
    expect(credentials.password).not.toBe(credentials.admin!.password)
    expect(statSync(join(data, 'postgres.json')).mode & 0o777).toBe(0o600)
  }, 120_000)

  it('an older Silo’s cluster, the superuser its only role: given to Silo’s role in place, rows kept', async () => {
    const data = join(dir, 'older')
    mkdirSync(data)
    // What Silo before issue 42 left in DATA_DIR: postgres.json naming the superuser, the database
    // and everything in it (migrated up to the one before the last, with rows) the superuser's.
    const release = acquireLock(data)
    try {
      const cluster = await startCluster(data)
      try {
        const { admin } = readCredentials(data)!
        await withClient(cluster.adminUrl, async (c) => {
          await c.query(`alter database silo owner to ${admin!.user}`)
          await withClient(onDatabase(cluster.adminUrl, 'silo'), (s) =>
            s.query(`reassign owned by ${APP_ROLE} to silo`),
          )
          await c.query(`drop role ${APP_ROLE}`)
        })
        writeFileSync(
          join(data, 'postgres.json'),
          JSON.stringify({ user: admin!.user, password: admin!.password, database: 'silo' }, null, 2),
          { mode: 0o600 },
        )
        const partial = join(dir, 'migrations-before-last')
        cpSync(migrationsFolder, partial, { recursive: true })
        const journal = join(partial, 'meta', '_journal.json')
        const entries = JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }
        writeFileSync(journal, JSON.stringify({ ...entries, entries: entries.entries.slice(0, -1) }))
        const old = await openDatabase({ databaseUrl: clusterUrl(data), migrationsFolder: partial })
        try {
          expect(await whoAmI(old)).toEqual({ name: 'silo', rolsuper: true })
          await old.db.execute(
            sql`insert into mail_outbox (\"to\", subject, body) values ('eleveur@example.org', 'Commande 1', 'Merci')`,
          )
        } finally {
          await old.close()
        }
      } finally {
        await cluster.stop()
      }
    } finally {
      release()
    }

    const logs: string[] = []
    const opened = await openDatabase({ dataDir: data, log: (m) => logs.push(m) })
    try {
      expect(await whoAmI(opened)).toEqual({ name: APP_ROLE, rolsuper: false })
      expect(logs).toContain(`giving the database silo to the ${APP_ROLE} role (no longer the superuser)`)
      expect(logs.join('\n')).toMatch(/\d+ objects of silo given to the silo_app role/)
      expect(await ownedByOthers(opened)).toEqual([])
      // Its rows are there, and the migration it had not applied was, by the new role (it alters
      // a table the superuser had made).
      expect(await selectRows(opened.db, sql`select "to", subject from mail_outbox`)).toEqual([
        { to: 'eleveur@example.org', subject: 'Commande 1' },
      ])
      const [applied] = await selectRows<{ n: number }>(
        opened.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )
      expect(applied!.n).toBe(migrationCount())
      await opened.db.execute(sql`alter table mail_outbox add column essai int`)
      await opened.db.execute(sql`alter table mail_outbox drop column essai`)
      expect(await refusal(opened, sql`copy (select 1) to program 'true'`)).toMatch(/permission denied|superuser/)
    } finally {
      await opened.close()
    }
    expect(readCredentials(data)).toMatchObject({ user: APP_ROLE, admin: { user: 'silo' } })
    expect(statSync(join(data, 'postgres.json')).mode & 0o777).toBe(0o600)

    // Opened again: nothing left to give, the same role.
    const again: string[] = []
    const reopened = await openDatabase({ dataDir: data, log: (m) => again.push(m) })
    try {
      expect(await whoAmI(reopened)).toEqual({ name: APP_ROLE, rolsuper: false })
      expect(again.join('\n')).not.toMatch(/given to|no longer the superuser/)
    } finally {
      await reopened.close()
    }
  }, 180_000)
})
