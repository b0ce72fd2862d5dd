// Issue 40: a small synthetic cooperative imports into an empty Silo; importing the same folder
// again changes 0 rows; a day's delta and a delta of changed rows import; an imported member has
// no password and no password opens its account; the generator writes the same files for the
// same seed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashPassword, verifyPassword } from '../../src/server/auth/password'
import { openDatabase } from '../../src/server/db/client'
import { formatReport } from '../../src/server/import/report'
import { runImport, type ImportResult } from '../../src/server/import/run'
import { scaled, writeCooperative, writeDayDelta } from '../../src/server/seed/cooperative'
import { checkPassword } from '../../src/server/routes/session/session.handlers'
import { DateTime } from 'luxon'
import {
  copyFolder,
  emptyDatabase,
  filterRows,
  importBackends,
  query,
  schemaOf,
  smallCooperative,
  snapshot,
  tempFolder,
} from './support/import'

// Imports and child processes on a shared 2-core machine: minutes, not the default 30 s.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const total = (r: ImportResult) =>
  r.files.reduce((t, f) => ({ inserted: t.inserted + f.inserted, updated: t.updated + f.updated }), {
    inserted: 0,
    updated: 0,
  })

const folder = tempFolder('coop')
let coop: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
})
afterAll(() => folder.remove())

describe.each(importBackends)('import of a synthetic cooperative ($name)', ({ url: serverUrl }) => {
  let db: { url: string; drop(): Promise<void> }
  beforeAll(async () => {
    db = await emptyDatabase(serverUrl)
  })
  afterAll(() => db.drop())

  it('imports every file whole, then a second import changes 0 rows', async () => {
    const schema = await schemaOf(db.url)
    const log: string[] = []
    // Every file the bulk way (bulk.ts): its tables' keys, indexes and foreign keys come back as they
    // were; every table without joins gets its rows by COPY of the text written as its file was read
    // (direct-copy.ts).
    const first = await runImport({
      databaseUrl: db.url,
      folder: coop,
      bulkFrom: 1,
      log: (l) => log.push(l),
    })
    expect(first.errors).toEqual([])
    expect(log.filter((l) => l.includes('clés et index construits une fois')).length).toBeGreaterThan(20)
    expect(await schemaOf(db.url)).toEqual(schema)
    expect(first.status).toBe('importe')
    expect(first.files).toHaveLength(readdirSync(coop).length)
    const rows = first.files.reduce((n, f) => n + f.rows, 0)
    expect(total(first)).toEqual({ inserted: rows, updated: 0 })
    const [{ n }] = (await query<{ n: string }>(db.url, 'select count(*) as n from livraison_lignes')) as [
      { n: string },
    ]
    expect(Number(n)).toBe(first.files.find((f) => f.fichier === 'lignes-livraison.csv')!.rows)

    const before = await snapshot(db.url)
    const again = await runImport({ databaseUrl: db.url, folder: coop })
    expect(again.status).toBe('importe')
    expect(total(again)).toEqual({ inserted: 0, updated: 0 })
    expect(formatReport(again).at(-1)).toMatch(/^Import terminé : 0 insérées, 0 mises à jour, 0 supprimées/)
    expect(await snapshot(db.url)).toEqual(before)
  })

  it('imports a day’s deliveries, and a delta of changed rows (an address suspended, a town renamed)', async () => {
    const delta = copyFolder(coop, join(folder.dir, `delta-${Math.random()}`))
    for (const f of readdirSync(delta)) if (f !== 'adresses.csv') filterRows(join(delta, f), () => false)
    filterRows(join(delta, 'adresses.csv'), (c) => c[0] === '200001' || c[0] === '200002')
    const lines = readFileSync(join(delta, 'adresses.csv'), 'utf8').split('\n')
    const changed = lines.map((l, i) =>
      i === 1 ? l.replace(/;A;/, ';S;') : i === 2 ? l.replace(/;[^;]*$/, ';Ville renommée') : l,
    )
    writeFileSync(join(delta, 'adresses.csv'), changed.join('\n'))
    const r = await runImport({ databaseUrl: db.url, folder: delta })
    expect(r.errors).toEqual([])
    expect(total(r)).toEqual({ inserted: 0, updated: 2 })

    const day = join(folder.dir, `day-${Math.random()}`)
    const written = await writeDayDelta(day, scaled(20), 300)
    const d = await runImport({ databaseUrl: db.url, folder: day })
    expect(d.errors).toEqual([])
    expect(total(d)).toEqual({ inserted: written, updated: 0 })
  })

  it('gives an imported member an account without a password, which no password opens', async () => {
    const users = await query<{ username: string; password_hash: string | null; roles: string[] }>(
      db.url,
      `select username, password_hash, roles from users where username = '200001'`,
    )
    expect(users).toEqual([
      {
        username: '200001',
        password_hash: null,
        roles: ['COM_ALI_LECTURE_PERSONNELLE', 'COM_ALI_ECRITURE_PERSONNELLE'],
      },
    ])
    // An account with a password, imported again: the import never touches the password.
    const hash = await hashPassword('secret', 1024)
    await query(db.url, `update users set password_hash = $1 where username = '200002'`, [hash])
    const r = await runImport({ databaseUrl: db.url, folder: coop })
    // The two addresses the delta changed are set back; the accounts are unchanged.
    expect(total(r)).toEqual({ inserted: 0, updated: 2 })
    expect(r.files.find((f) => f.fichier === 'comptes.csv')).toMatchObject({ inserted: 0, updated: 0 })
    const [kept] = await query<{ password_hash: string }>(
      db.url,
      `select password_hash from users where username = '200002'`,
    )
    expect(kept!.password_hash).toBe(hash)

    const opened = await openDatabase({ databaseUrl: db.url })
    try {
      const place = { hash: <T>(fn: () => Promise<T>) => fn() }
      for (const password of ['', 'demo', '200001', 'null']) {
        const verdict = await checkPassword(opened.db, place as never, {
          username: '200001',
          password,
          ip: null,
          deviceToken: null,
          now: DateTime.now(),
        })
        expect(verdict.state).toBe('refused')
      }
      expect(await verifyPassword('', '')).toBe(false)
    } finally {
      await opened.close()
    }
  })
})

describe('the synthetic cooperative', () => {
  it('is the same, byte for byte, for the same seed and size; another seed changes it', async () => {
    const again = await smallCooperative(join(folder.dir, 'again'), 20)
    const other = join(folder.dir, 'other')
    await writeCooperative(other, scaled(20, { graine: 41 }))
    for (const f of readdirSync(coop)) {
      expect(readFileSync(join(again, f)).equals(readFileSync(join(coop, f))), f).toBe(true)
    }
    expect(readFileSync(join(other, 'tiers.csv')).equals(readFileSync(join(coop, 'tiers.csv')))).toBe(false)
  })

  it('grows with --membres', async () => {
    const dir = join(folder.dir, 'fifty')
    await writeCooperative(dir, scaled(50))
    const count = (f: string) => readFileSync(join(dir, f), 'utf8').trim().split('\n').length - 1
    expect(count('tiers.csv')).toBe(50)
    expect(count('articles-autorises.csv')).toBeGreaterThan(50 * 15)
    expect(count('lignes-livraison.csv')).toBeGreaterThan(50 * 100)
  })
})
