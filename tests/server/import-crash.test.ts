// Issue 40: an import killed with SIGKILL in the middle of its merge (rows already written in its
// transaction) leaves the database exactly as it was: the transaction is never committed, its
// sessions end; only its staging copies stay, in their own schema, until the next import drops them
// and applies the folder whole (issue 49).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runImport } from '../../src/server/import/run'
import { STAGING_SCHEMA } from '../../src/server/import/staging'
import {
  emptyDatabase,
  importBackends,
  query,
  schemaOf,
  smallCooperative,
  snapshot,
  tempFolder,
} from './support/import'

// Imports and child processes on a shared 2-core machine: minutes, not the default 30 s.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('crash')
let small: string
let bigger: string
beforeAll(async () => {
  small = await smallCooperative(join(folder.dir, 'small'), 20)
  bigger = await smallCooperative(join(folder.dir, 'bigger'), 120, 41)
})
afterAll(() => folder.remove())

/** Starts the import in a process of its own; resolves once it printed a line matching `when`, after killing it. */
function importKilledAt(url: string, dir: string, when: RegExp): Promise<{ printed: string; signal: string | null }> {
  return new Promise((resolve, reject) => {
    // --priorite-normale: beside the other tests the CPU is never free, and a batch job at nice 19 (the default) would wait for them.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', dir, '--priorite-normale'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let printed = ''
    let killed = false
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString()
      if (!killed && when.test(printed)) {
        killed = true
        child.kill('SIGKILL')
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (_code, signal) => (killed ? resolve({ printed, signal }) : reject(new Error(printed))))
  })
}

async function stagingSchemas(url: string): Promise<string[]> {
  const rows = await query<{ nspname: string }>(url, `select nspname from pg_namespace where nspname = $1`, [
    STAGING_SCHEMA,
  ])
  return rows.map((r) => r.nspname)
}

async function sessionsOfImport(url: string): Promise<number> {
  const [row] = await query<{ n: string }>(
    url,
    `select count(*) as n from pg_stat_activity where application_name = 'silo-import' and datname = current_database()`,
  )
  return Number(row!.n)
}

describe.each(importBackends)('kill -9 during the merge ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
    expect((await runImport({ databaseUrl: db.url, folder: small })).errors).toEqual([])
  })
  afterAll(() => db.drop())

  it('leaves the database as it was, and the next import applies the folder whole', async () => {
    const before = await snapshot(db.url)
    // Killed once the members are written in the transaction, with the articles, farms and history still to come.
    const run = await importKilledAt(db.url, bigger, /fusion tiers\.csv : [1-9]\d* insérées/)
    expect(run.signal).toBe('SIGKILL')
    expect(run.printed).toContain('fusion : début (une transaction)')
    expect(run.printed).not.toContain('fusion : validation')
    // PostgreSQL notices the client is gone (client_connection_check_interval) and rolls back.
    for (let i = 0; i < 300 && (await sessionsOfImport(db.url)) > 0; i++) await new Promise((r) => setTimeout(r, 100))
    expect(await sessionsOfImport(db.url)).toBe(0)
    expect(await snapshot(db.url)).toEqual(before)
    expect(await stagingSchemas(db.url)).toEqual([STAGING_SCHEMA])

    const r = await runImport({ databaseUrl: db.url, folder: bigger })
    expect(r.errors).toEqual([])
    expect(await stagingSchemas(db.url)).toEqual([])
    const [{ n }] = (await query<{ n: string }>(db.url, 'select count(*) as n from tiers')) as [{ n: string }]
    expect(Number(n)).toBe(120)
  })
})

describe.each(importBackends)(
  'kill -9 during a first import, keys dropped for the bulk load ($name)',
  ({ url: serverUrl }) => {
    let db: { url: string; drop(): Promise<void> }
    beforeAll(async () => {
      db = await emptyDatabase(serverUrl)
    })
    afterAll(() => db.drop())

    it('leaves the empty database with every key, index and foreign key it had', async () => {
      const schema = await schemaOf(db.url)
      const before = await snapshot(db.url)
      // The deliveries are in, their lines (whose foreign key to them was dropped) still to come.
      const run = await importKilledAt(db.url, bigger, /fusion livraisons\.csv : \d+ insérées.*clés et index/)
      expect(run.signal).toBe('SIGKILL')
      for (let i = 0; i < 300 && (await sessionsOfImport(db.url)) > 0; i++) await new Promise((r) => setTimeout(r, 100))
      expect(await sessionsOfImport(db.url)).toBe(0)
      expect(await schemaOf(db.url)).toEqual(schema)
      expect(await snapshot(db.url)).toEqual(before)
    })
  },
)
