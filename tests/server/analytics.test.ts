// "Successful submission: an analytics event is sent" (cart-orders-admin §4) as Silo's own hook:
// a log line for each order accepted the first time, and the same event POSTed to ANALYTICS_URL
// when set (a collector of the cooperative's, here a server in the test), never for a replay,
// never for a refused order.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { fixedClock } from '../../src/server/clock'
import { loadConfig } from '../../src/server/config'
import type { Logger } from '../../src/server/logger'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { send, signIn, TEST_NOW } from './support/app'
import { orderLine } from './support/order-line'

const line = orderLine()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(backends)('the analytics hook on $name', (backend) => {
  let opened: OpenedTestDb
  let collector: Server
  const received: Record<string, unknown>[] = []
  const logged: { msg: string; fields?: Record<string, unknown> }[] = []
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    opened = await backend.open()
    collector = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push(JSON.parse(body) as Record<string, unknown>)
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
    const { port } = collector.address() as AddressInfo
    const capture = (msg: string, fields?: Record<string, unknown>) => void logged.push({ msg, fields })
    const logger: Logger = { info: capture, warn: capture, error: capture }
    const config = loadConfig({
      NODE_ENV: 'test',
      DIST_DIR: '/nonexistent',
      ANALYTICS_URL: `http://127.0.0.1:${port}/evenements`,
    })
    app = createApp({ db: opened.db, config, clock: fixedClock(TEST_NOW), logger }, { serveApp: false })
  })
  afterAll(async () => {
    await new Promise((r) => collector?.close(r))
    await opened?.close()
  })

  it('Successful submission: an analytics event is sent — logged and posted once, not for a replay nor a refusal', async () => {
    const cookie = await signIn(app, DEMO.eleveur)
    const order = { numTiers: DEMO.eleveur, commande: { commentaire: '', lignes: [line] } }
    const headers = { 'Idempotency-Key': `analytics-${backend.name}-0001` }
    const path = `/web/v1/tiers/${DEMO.eleveur}/commandes`
    const first = await send(app, 'POST', path, order, cookie, headers)
    expect(first.status).toBe(201)
    const { numero } = await first.json()
    expect((await send(app, 'POST', path, order, cookie, headers)).status).toBe(201)
    const refused = { ...order, commande: { ...order.commande, lignes: [{ ...line, numArticle: '480101' }] } }
    expect(
      (await send(app, 'POST', path, refused, cookie, { 'Idempotency-Key': `analytics-${backend.name}-0002` })).status,
    ).toBe(409)
    for (let i = 0; i < 100 && received.length === 0; i++) await sleep(20)
    await sleep(100)
    const event = {
      event: 'commande_envoyee',
      numero,
      numTiers: DEMO.eleveur,
      parConseiller: false,
      lignes: 1,
      tonnes: 12.5,
    }
    expect(received).toEqual([expect.objectContaining(event)])
    expect(logged.filter((l) => l.msg === 'analytics.commande_envoyee').map((l) => l.fields)).toEqual([
      expect.objectContaining(event),
    ])
    received.length = 0
    logged.length = 0
  })
})
