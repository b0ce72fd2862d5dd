// Database backends for server tests: the embedded PostgreSQL always (one cluster per run,
// started by support/embedded-cluster.ts), PostgreSQL at DATABASE_URL too when it is set. Every
// open() gets a database of its own, dropped by close(), so tests never see each other's rows.
// On the embedded cluster a database is a copy of a template migrated (and seeded) once per run:
// `create database … template …` takes a fraction of the time of migrating and seeding again.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { inject } from 'vitest'
import { hashPassword } from '../../../src/server/auth/password'
import { openDatabase, type Db } from '../../../src/server/db/client'
import { seedDemo } from '../../../src/server/seed/index'

export const TEST_TODAY = '2026-11-23'

export interface OpenedTestDb {
  db: Db
  /** Where it is: a second instance opens a pool of its own on it. */
  url?: string
  close(): Promise<void>
}
export interface Backend {
  name: string
  /** Migrates and, unless seed is false, seeds the demo cooperative for TEST_TODAY. */
  open(opts?: { seed?: boolean; today?: string }): Promise<OpenedTestDb>
}

export const databaseUrl = process.env.DATABASE_URL

/** The demo accounts' password ("demo") as scrypt N=1,024 instead of the seed's 16,384: the
 * sign-in tests check a few thousand passwords in a run (38 ms each at 16,384 on this machine,
 * 2 ms at 1,024: 130 s of CPU in the unit stage). verifyPassword reads N from the stored hash, so
 * the checks run the production code. Made once per test process. */
let cheapDemoHash: Promise<string> | undefined

async function seedForTests(db: Db, today: string) {
  await seedDemo(db, { today })
  cheapDemoHash ??= hashPassword('demo', 1024)
  await db.execute(sql`update users set password_hash = ${await cheapDemoHash}`)
}

async function seeded(opened: OpenedTestDb, opts?: { seed?: boolean; today?: string }) {
  if (opts?.seed !== false) await seedForTests(opened.db, opts?.today ?? TEST_TODAY)
  return opened
}

function withDatabase(url: string, name: string) {
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

/** Any constant: the test files of a run build each template once, one after the other. */
const TEMPLATE_LOCK = 7_146_013_028

/** The name of a template database, migrated and (if seeded) seeded for TEST_TODAY, made once. */
async function template(url: string, seed: boolean): Promise<string> {
  const name = seed ? 'silo_template_seeded' : 'silo_template_migrated'
  await withClient(url, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
    try {
      if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) return
      const building = `${name}_building`
      await admin.query(`drop database if exists ${building}`)
      await admin.query(`create database ${building}`)
      const opened = await openDatabase({ databaseUrl: withDatabase(url, building) })
      try {
        if (seed) await seedForTests(opened.db, TEST_TODAY)
      } finally {
        await opened.close()
      }
      // Renamed once complete: a template is never seen half made.
      await admin.query(`alter database ${building} rename to ${name}`)
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK])
    }
  })
  return name
}

/** A database copied from a template; PostgreSQL refuses a copy while another session reads it. */
async function cloneDatabase(url: string, from: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `silo_test_${randomBytes(6).toString('hex')}`
  for (let attempt = 1; ; attempt++) {
    try {
      await withClient(url, (c) => c.query(`create database ${name} template ${from}`))
      break
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    url: withDatabase(url, name),
    drop: () => withClient(url, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  }
}

function embedded(url: string): Backend {
  return {
    name: 'embedded',
    async open(opts) {
      const seed = opts?.seed !== false
      const sameDay = (opts?.today ?? TEST_TODAY) === TEST_TODAY
      const created = await cloneDatabase(url, await template(url, seed && sameDay))
      try {
        const { db, close } = await openDatabase({ databaseUrl: created.url })
        const opened = {
          db,
          url: created.url,
          close: async () => {
            await close()
            await created.drop()
          },
        }
        return seed && !sameDay ? await seeded(opened, opts) : opened
      } catch (err) {
        await created.drop()
        throw err
      }
    },
  }
}

/** A fresh PostgreSQL database next to DATABASE_URL's, dropped by close(). */
export async function createPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `silo_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      try {
        await c.query(`drop database if exists ${name} with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}

function postgres(url: string): Backend {
  return {
    name: 'postgres',
    async open(opts) {
      const created = await createPostgresDatabase(url)
      try {
        const { db, close } = await openDatabase({ databaseUrl: created.url })
        return await seeded(
          {
            db,
            url: created.url,
            close: async () => {
              await close()
              await created.drop()
            },
          },
          opts,
        )
      } catch (err) {
        await created.drop()
        throw err
      }
    },
  }
}

/** The embedded cluster of this run (support/embedded-cluster.ts). */
export const embeddedUrl = inject('embeddedPostgresUrl')

export const backends: Backend[] = [embedded(embeddedUrl), ...(databaseUrl ? [postgres(databaseUrl)] : [])]
