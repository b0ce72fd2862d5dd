// The snapshot's version (issue 50, migration 0008) where several writers and readers meet: two
// instances on one database give the same version and each sees the other's writes at once; an
// import moves every snapshot once, holds no member's version meanwhile, and moves nothing when it
// changed nothing.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { horsConnexionPath } from '../../src/contract/hors-connexion'
import { openDatabase, type OpenedDatabase } from '../../src/server/db/client'
import { runImport } from '../../src/server/import/run'
import { DEMO } from '../../src/server/seed/demo'
import { versionHorsConnexion } from '../../src/server/services/versions-hors-connexion'
import { DateTime } from 'luxon'
import { ZONE } from '../../src/domain/calendar'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, send, signIn, TEST_NOW } from './support/app'
import { orderLine } from './support/order-line'
import {
  copyFolder,
  emptyDatabase,
  filterRows,
  importBackends,
  query,
  smallCooperative,
  tempFolder,
} from './support/import'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

describe.each(backends)('two instances on one database ($name)', (backend) => {
  let opened: OpenedTestDb
  let second: OpenedDatabase
  let a: ReturnType<typeof buildTestApp>
  let b: ReturnType<typeof buildTestApp>

  beforeAll(async () => {
    opened = await backend.open()
    second = await openDatabase({ databaseUrl: opened.url! })
    a = buildTestApp(opened.db)
    b = buildTestApp(second.db)
  })
  afterAll(async () => {
    await second?.close()
    await opened?.close()
  })

  const etag = async (app: ReturnType<typeof buildTestApp>['app'], cookie: string, headers = {}) => {
    const res = await app.request(horsConnexionPath(DEMO.eleveur), {
      headers: { Host: 'localhost', Cookie: cookie, ...headers },
    })
    return { status: res.status, etag: res.headers.get('etag') }
  }

  it('agree on the version, and a write through one is seen by the other at once', async () => {
    const cookie = await signIn(a.app, DEMO.eleveur)
    const first = await etag(a.app, cookie)
    expect(first.status).toBe(200)
    expect(await etag(b.app, cookie)).toEqual(first)
    // The version one instance gave is a 304 on the other.
    expect((await etag(b.app, cookie, { 'If-None-Match': first.etag })).status).toBe(304)
    const res = await send(
      a.app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      { numTiers: DEMO.eleveur, commande: { commentaire: 'Deux instances', lignes: [orderLine()] } },
      cookie,
      { 'Idempotency-Key': 'hors-connexion-deux-instances' },
    )
    expect(res.status).toBe(201)
    const onB = await etag(b.app, cookie, { 'If-None-Match': first.etag })
    expect(onB.status).toBe(200)
    expect(onB.etag).not.toBe(first.etag)
    expect(await etag(a.app, cookie)).toEqual({ status: 200, etag: onB.etag })
  })
})

const folder = tempFolder('hors-connexion-import')
let coop: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 8)
})
afterAll(() => folder.remove())

describe.each(importBackends)('the import and the versions ($name)', ({ url: serverUrl }) => {
  let target: { url: string; drop(): Promise<void> }
  let opened: OpenedDatabase
  const now = DateTime.fromISO(TEST_NOW, { zone: ZONE })
  beforeAll(async () => {
    target = await emptyDatabase(serverUrl)
    opened = await openDatabase({ databaseUrl: target.url })
  })
  afterAll(async () => {
    await opened?.close()
    await target?.drop()
  })

  it('moves every snapshot once, writes no member’s row, and moves nothing when nothing changed', async () => {
    const empty = await versionHorsConnexion(opened.db, '*', now)
    const triggers = `select count(*)::int as n from pg_trigger where tgname like 'versions_hc_%'`
    const [before] = await query<{ n: number }>(target.url, triggers)
    expect(before!.n).toBeGreaterThan(100)
    const first = await runImport({ databaseUrl: target.url, folder: coop })
    expect(first.errors).toEqual([])
    // A first import fills its tables without their version triggers (bulk.ts), then makes them again.
    expect(await query(target.url, triggers)).toEqual([before])
    const [member] = await query<{ num_tiers: string }>(target.url, 'select num_tiers from tiers order by 1 limit 1')
    const imported = await versionHorsConnexion(opened.db, member!.num_tiers, now)
    expect(imported.globale).toBeGreaterThan(empty.globale)
    // One row: the global one. No member's row was written (nor held) by the import.
    expect(await query(target.url, 'select num_tiers from versions_hors_connexion')).toEqual([{ num_tiers: '*' }])

    const again = await runImport({ databaseUrl: target.url, folder: coop })
    expect(again.errors).toEqual([])
    expect(await versionHorsConnexion(opened.db, member!.num_tiers, now)).toEqual(imported)

    const changed = copyFolder(coop, join(folder.dir, 'sans-un-contrat'))
    // One contract less, imported as the full list: something in a snapshot changed.
    let dropped = false
    filterRows(join(changed, 'contrats.csv'), () => (dropped ? true : !(dropped = true)))
    const third = await runImport({ databaseUrl: target.url, folder: changed, complet: ['contrats.csv'] })
    expect(third.errors).toEqual([])
    const after = await versionHorsConnexion(opened.db, member!.num_tiers, now)
    expect(after.globale).toBeGreaterThan(imported.globale)
  })
})
