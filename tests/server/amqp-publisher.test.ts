// The order feed published to RabbitMQ (issue 41): every order once the broker has it, with its
// feed position as messageId; the broker stopped then started mid-run loses nothing, never holds
// an order back (accepting writes only the feed row), and a duplicate carries the same id.
// Needs the machine's RabbitMQ (127.0.0.1:5672, guest/guest, `rabbitmqctl` as root): skipped
// when port 5672 does not answer, as the DATABASE_URL tests are when it is unset.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import amqp from 'amqplib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommandeFlux } from '../../src/contract/integration'
import { commandes } from '../../src/server/db/schema'
import type { Logger } from '../../src/server/logger'
import { MESSAGE_TYPE, ROUTING_KEY, startOrderPublisher } from '../../src/server/services/amqp-publisher'
import { appendToFeed } from '../../src/server/services/order-feed'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'

const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672'
const brokerAnswers = await new Promise<boolean>((resolve) => {
  const url = new URL(AMQP_URL)
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 5672) })
  socket.setTimeout(1_000)
  socket.once('connect', () => (socket.destroy(), resolve(true)))
  socket.once('error', () => resolve(false))
  socket.once('timeout', () => (socket.destroy(), resolve(false)))
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const rabbitmqctl = (command: 'stop_app' | 'start_app') =>
  execFileSync('rabbitmqctl', ['-q', command], { stdio: 'pipe', timeout: 60_000 })

async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`)
    await sleep(100)
  }
}

interface Received {
  messageId: string
  type: string
  routingKey: string
  order: CommandeFlux
}

describe.skipIf(!brokerAnswers)('the order feed published to RabbitMQ', () => {
  const [backend] = backends
  let opened: OpenedTestDb
  const exchange = `silo.test.${randomBytes(4).toString('hex')}`
  const queue = `${exchange}.erp`
  const warnings: string[] = []
  const logger: Logger = { info: () => {}, warn: (msg) => warnings.push(msg), error: (msg) => warnings.push(msg) }

  /** A durable queue bound to the exchange, as an ERP's consumer would have. */
  async function declareQueue() {
    const conn = await amqp.connect(AMQP_URL)
    try {
      const ch = await conn.createChannel()
      await ch.assertExchange(exchange, 'topic', { durable: true })
      await ch.assertQueue(queue, { durable: true })
      await ch.bindQueue(queue, exchange, 'commande.#')
    } finally {
      await conn.close()
    }
  }

  /** Everything in the queue, acknowledged. */
  async function drain(): Promise<Received[]> {
    const conn = await amqp.connect(AMQP_URL)
    const out: Received[] = []
    try {
      const ch = await conn.createChannel()
      for (;;) {
        const msg = await ch.get(queue, { noAck: true })
        if (!msg) break
        out.push({
          messageId: String(msg.properties.messageId),
          type: String(msg.properties.type),
          routingKey: msg.fields.routingKey,
          order: JSON.parse(msg.content.toString('utf8')) as CommandeFlux,
        })
      }
    } finally {
      await conn.close()
    }
    return out
  }

  let n = 0
  const addOrder = () =>
    opened.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(commandes)
        .values({ numero: `amqp-${exchange}-${++n}`, numTiers: DEMO.eleveur, date: new Date(), username: DEMO.eleveur })
        .returning({ id: commandes.id })
      await appendToFeed(tx, row!.id, `cle-${n}`)
    })
  const unpublished = async () =>
    (await opened.db.execute<{ n: number }>(sql`select count(*)::int as n from commande_flux where publie_a is null`))
      .rows[0]!.n
  const positions = async () =>
    (
      await opened.db.execute<{ p: string }>(sql`select position::text as p from commande_flux order by position`)
    ).rows.map((r) => r.p)

  beforeAll(async () => {
    opened = await backend!.open()
    await declareQueue()
  })
  afterAll(async () => {
    try {
      rabbitmqctl('start_app')
    } catch {
      // already running
    }
    const conn = await amqp.connect(AMQP_URL).catch(() => null)
    if (conn) {
      const ch = await conn.createChannel()
      await ch.deleteQueue(queue).catch(() => {})
      await ch.deleteExchange(exchange).catch(() => {})
      await conn.close().catch(() => {})
    }
    await opened?.close()
  }, 90_000)

  it('publishes every order of the feed once confirmed, its position as messageId, and marks it published', async () => {
    const publisher = startOrderPublisher(opened.db, { url: AMQP_URL, exchange, pollMs: 200, logger })
    try {
      for (let i = 0; i < 10; i++) await addOrder()
      publisher.kick()
      await until('all published', async () => (await unpublished()) === 0)
    } finally {
      await publisher.stop()
    }
    const got = await drain()
    expect(got.map((m) => m.messageId).sort()).toEqual((await positions()).sort())
    for (const m of got) {
      expect(m.messageId).toBe(String(m.order.position))
      expect(m.type).toBe(MESSAGE_TYPE)
      expect(m.routingKey).toBe(ROUTING_KEY)
    }
    expect(got.find((m) => m.order.numero === `amqp-${exchange}-1`)?.order).toMatchObject({
      cleIdempotence: 'cle-1',
      tiers: { numTiers: DEMO.eleveur },
    })
  })

  it('the broker stopped then started mid-run: orders keep being accepted, every one is published, duplicates share their id', async () => {
    const before = new Set(await positions())
    const publisher = startOrderPublisher(opened.db, { url: AMQP_URL, exchange, pollMs: 200, logger })
    let writing = true
    let written = 0
    const writer = (async () => {
      while (writing) {
        await addOrder()
        written++
        publisher.kick()
        await sleep(50)
      }
    })()
    try {
      await until('some written', async () => written >= 10, 60_000)
      rabbitmqctl('stop_app')
      const whileDown = written
      // Accepting orders never waits on the broker: they keep coming while it is down.
      await until('written while the broker is down', async () => written >= whileDown + 5, 60_000)
      rabbitmqctl('start_app')
      await until('more written', async () => written >= whileDown + 30, 60_000)
      writing = false
      await writer
      await until('all published', async () => (await unpublished()) === 0, 90_000)
    } finally {
      writing = false
      try {
        rabbitmqctl('start_app')
      } catch {
        // already running
      }
      await publisher.stop()
    }
    const expected = (await positions()).filter((p) => !before.has(p))
    const got = (await drain()).filter((m) => !before.has(m.messageId))
    expect(new Set(got.map((m) => m.messageId))).toEqual(new Set(expected))
    for (const m of got) expect(m.messageId).toBe(String(m.order.position))
    expect(warnings).toContain('amqp.publish_failed')
  }, 240_000)
})
