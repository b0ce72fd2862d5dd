// Issue 49: the import stages its files from a session of its own, into a schema of its own, which it
// drops when it ends. A role that may not create a schema (a cooperative's database set up by its
// IT team with the least privileges) imports the same folder the same way, staging in temporary
// tables: slower, never refused for it.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runImport } from '../../src/server/import/run'
import { STAGING_SCHEMA } from '../../src/server/import/staging'
import { emptyDatabase, importBackends, query, smallCooperative, snapshot, tempFolder } from './support/import'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('staging')
let coop: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
})
afterAll(() => folder.remove())

const schemas = async (url: string) =>
  (await query<{ n: string }>(url, 'select nspname as n from pg_namespace where nspname = $1', [STAGING_SCHEMA])).map(
    (r) => r.n,
  )

describe.each(importBackends)('the staging schema ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  const role = `silo_import_sans_create_${process.pid}`
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
  })
  afterAll(async () => {
    await db.drop()
    await query(serverUrl, `drop role if exists ${role}`)
  })

  it('is gone once an import ends, imported or refused', async () => {
    const checked = await runImport({ databaseUrl: db.url, folder: coop, verifier: true })
    expect(checked.status).toBe('verifie')
    expect(await schemas(db.url)).toEqual([])
    const lines: string[] = []
    const r = await runImport({ databaseUrl: db.url, folder: coop, log: (l) => lines.push(l) })
    expect(r.errors).toEqual([])
    expect(lines.join('\n')).not.toContain('tables temporaires')
    expect(await schemas(db.url)).toEqual([])
  })

  it('is not needed: a role that may not create one imports the same folder in temporary tables', async () => {
    const url = new URL(db.url)
    const other = await emptyDatabase(serverUrl)
    try {
      await query(other.url, `create role ${role} login password 'import'`)
      await query(other.url, `grant select, insert, update, delete on all tables in schema public to ${role}`)
      await query(other.url, `grant usage, select on all sequences in schema public to ${role}`)
      await query(other.url, `revoke create on database "${new URL(other.url).pathname.slice(1)}" from public`)
      const limited = new URL(other.url)
      limited.username = role
      limited.password = 'import'
      expect(url.pathname).not.toBe(limited.pathname)
      const lines: string[] = []
      const r = await runImport({ databaseUrl: limited.toString(), folder: coop, log: (l) => lines.push(l) })
      expect(r.errors).toEqual([])
      expect(lines.join('\n')).toContain('fichiers copiés dans des tables temporaires')
      expect(r.status).toBe('importe')
      expect(await schemas(other.url)).toEqual([])
      // The same rows as the import by the database's owner (an account's row holds when it was made).
      const rows = async (url: string) => {
        const { users, ...rest } = await snapshot(url)
        return { ...rest, users: users!.split(':')[0] }
      }
      expect(await rows(other.url)).toEqual(await rows(db.url))
    } finally {
      await query(other.url, `drop owned by ${role}`).catch(() => {})
      await other.drop()
    }
  })
})
