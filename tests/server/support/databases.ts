// Database backends for server tests: PGlite in memory always, PostgreSQL too when DATABASE_URL
// is set. Each PostgreSQL open() creates its own database and close() drops it, so runs never
// see each other's rows.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Db } from '../../../src/server/db/client'
import { seedDemo } from '../../../src/server/seed/index'

export const TEST_TODAY = '2026-11-23'

export interface OpenedTestDb { db: Db; close(): Promise<void> }
export interface Backend {
  name: string
  /** Migrates and, unless seed is false, seeds the demo cooperative for TEST_TODAY. */
  open(opts?: { seed?: boolean; today?: string }): Promise<OpenedTestDb>
}

export const databaseUrl = process.env.DATABASE_URL

async function seeded(opened: OpenedTestDb, opts?: { seed?: boolean; today?: string }) {
  if (opts?.seed !== false) await seedDemo(opened.db, { today: opts?.today ?? TEST_TODAY })
  return opened
}

const pglite: Backend = {
  name: 'pglite',
  async open(opts) {
    const { db, close } = await openDatabase({ memory: true })
    return seeded({ db, close }, opts)
  },
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
        return await seeded({ db, close: async () => { await close(); await created.drop() } }, opts)
      } catch (err) {
        await created.drop()
        throw err
      }
    },
  }
}

export const backends: Backend[] = [pglite, ...(databaseUrl ? [postgres(databaseUrl)] : [])]
