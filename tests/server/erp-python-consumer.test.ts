// The ERP consumer of docs/examples/erp-consommateur.py, run as a cooperative's IT team would run
// it (Python's standard library, nothing of Silo's): it pages the feed, records each order once,
// posts its first step with a key made from the order and the step, and keeps its cursor. Run
// twice, it finds nothing new; run again from an older cursor (a consumer that died before saving
// it), it replays every step with the same keys and Silo applies none twice. The demo's own orders
// are read before the test's: the consumer starts past them, as an ERP that began on that day.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO } from '../../src/server/seed/demo'
import { createApiKey } from '../../src/server/services/api-keys'
import { backends, type OpenedTestDb } from './support/databases'
import { withOpenApiCheck } from './support/openapi-check'
import { buildTestApp, send, signIn } from './support/app'
import { orderLine } from './support/order-line'

const run = promisify(execFile)
const python = await run('python3', ['--version']).then(
  () => true,
  () => false,
)

describe.skipIf(!python).each(backends)('the Python ERP consumer of the docs, on $name', (backend) => {
  let opened: OpenedTestDb
  let server: ServerType
  let url: string
  let key: string
  const dir = mkdtempSync(join(tmpdir(), 'silo-erp-python-'))
  const cursor = join(dir, 'curseur.txt')
  const older = join(dir, 'curseur-ancien.txt')
  const consume = (curseur = cursor) =>
    run('python3', ['docs/examples/erp-consommateur.py'], {
      env: { ...process.env, SILO_URL: url, SILO_CLE: key, CURSEUR: curseur },
      timeout: 30_000,
    })
  const steps = async () =>
    (
      await opened.db.execute<{ etape: string; n: number }>(
        sql`select etape, count(*)::int as n from commande_etapes group by etape order by etape`,
      )
    ).rows

  beforeAll(async () => {
    opened = await backend.open()
    const t = withOpenApiCheck(buildTestApp(opened.db))
    key = (await createApiKey(opened.db, 'ERP en Python')).key
    const [{ start }] = (
      await opened.db.execute<{ start: string }>(
        sql`select coalesce(max(position), 0)::text as start from commande_flux`,
      )
    ).rows as [{ start: string }]
    writeFileSync(cursor, start)
    writeFileSync(older, start)
    const farmer = await signIn(t.app, DEMO.eleveur)
    for (const [i, comment] of ['Portail code 1234', 'Appeler avant'].entries()) {
      const res = await send(
        t.app,
        'POST',
        `/web/v1/tiers/${DEMO.eleveur}/commandes`,
        { numTiers: DEMO.eleveur, commande: { commentaire: comment, lignes: [orderLine()] } },
        farmer,
        { 'Idempotency-Key': `python-consumer-order-000${i}` },
      )
      expect(res.status).toBe(201)
    }
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server?.close()
    await opened?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reads each order once, posts its step, keeps its cursor; a replay from an older cursor changes nothing', async () => {
    const before = await steps()
    const first = await consume()
    const orders = first.stdout.trim().split('\n')
    expect(orders).toHaveLength(2)
    expect(orders[0]).toMatch(/^commande \d+ \(100001\) : 1 ligne\(s\)$/)
    const position = readFileSync(cursor, 'utf8')
    expect(position).toMatch(/^\d+$/)
    const after = await steps()
    expect(after.find((s) => s.etape === 'VALORISEE')?.n).toBe(
      (before.find((s) => s.etape === 'VALORISEE')?.n ?? 0) + 2,
    )

    expect((await consume()).stdout).toBe('') // nothing new past the cursor
    expect(readFileSync(cursor, 'utf8')).toBe(position)

    const again = await consume(older) // a cursor saved before the page: both orders again…
    expect(again.stdout.trim().split('\n')).toEqual(orders)
    expect(await steps()).toEqual(after) // …and no step applied twice
  })
})
