// Publishes the order feed to RabbitMQ when AMQP_URL is set (issue 41; docs/integration.md). The
// feed itself is the outbox: an order's transaction writes its feed row (order-feed.ts) and never
// waits on the broker. Every instance runs a publisher that claims a batch of unpublished feed
// rows with FOR UPDATE SKIP LOCKED and a lease (as the mail outbox, mailer.ts), publishes them on
// a confirm channel, and marks them published once the broker has confirmed them. At least once:
// a publisher that dies, or a broker that goes away before confirming, leaves the rows to be
// published again (after the lease, or at once when the failure is seen); a duplicate carries the
// same messageId (the feed position), by which a consumer drops it. A broker that is down costs
// nothing but time: the rows wait, and the next run after it is back publishes them all.
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { sql } from 'drizzle-orm'
import type { ChannelModel, ConfirmChannel } from 'amqplib'
import type { Db } from '../db/client'
import { selectRows } from '../db/raw'
import type { Logger } from '../logger'
import { loadFeedOrders } from './order-feed'

/** Every message's routing key on the (topic) exchange. */
export const ROUTING_KEY = 'commande.acceptee'
/** The type property of every message. */
export const MESSAGE_TYPE = 'silo.commande'
/** A claim holds this long: past it another instance publishes the rows again. */
const LEASE_MS = 60_000
/** Rows one claim takes; a run goes on while claims come back full. */
const BATCH = 100
/** The broker's confirms, at most this long after a batch (a dead connection is then dropped). */
const CONFIRM_TIMEOUT_MS = 15_000

export interface PublisherOptions {
  url: string
  exchange: string
  pollMs: number
  logger: Logger
}

interface PublishRun {
  published: number
  /** The run stopped on a failure (broker unreachable, confirm refused…): the rows wait. */
  failed: boolean
}

/** One connection and confirm channel, opened when needed and forgotten when it closes. */
class Broker {
  private model: ChannelModel | null = null
  private channel: ConfirmChannel | null = null

  constructor(private readonly opts: PublisherOptions) {}

  async confirmChannel(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel
    const { connect } = await import('amqplib')
    const model = await connect(this.opts.url, { timeout: 5_000 })
    // A connection or channel that fails says so on 'error' then 'close': without the listener
    // the process would end. The next run opens another.
    model.on('error', (err: Error) => this.opts.logger.warn('amqp.connection_error', { error: err.message }))
    model.on('close', () => {
      if (this.model === model) this.forget()
    })
    try {
      const channel = await model.createConfirmChannel()
      channel.on('error', (err: Error) => this.opts.logger.warn('amqp.channel_error', { error: err.message }))
      channel.on('close', () => {
        if (this.channel === channel) this.channel = null
      })
      await channel.assertExchange(this.opts.exchange, 'topic', { durable: true })
      this.model = model
      this.channel = channel
      return channel
    } catch (err) {
      await model.close().catch(() => {})
      throw err
    }
  }

  private forget() {
    this.model = null
    this.channel = null
  }

  async close() {
    const model = this.model
    this.forget()
    await model?.close().catch(() => {})
  }
}

async function claim(db: Db, token: string): Promise<number[]> {
  const rows = await selectRows<{ position: string | number }>(
    db,
    sql`update commande_flux set claim_token = ${token},
          claimed_until = clock_timestamp() + make_interval(secs => ${LEASE_MS / 1000}),
          tentatives = tentatives + 1
        where position in (
          select position from commande_flux
          where publie_a is null and position is not null
            and (claimed_until is null or claimed_until <= clock_timestamp())
          order by position limit ${BATCH} for update skip locked)
        returning position`,
  )
  return rows.map((r) => Number(r.position)).sort((a, b) => a - b)
}

/** Marks the claimed rows published (those still ours: a lost lease means another publishes them too). */
const settle = (db: Db, token: string) =>
  db.execute(
    sql`update commande_flux set publie_a = clock_timestamp(), claim_token = null, claimed_until = null, erreur = null
        where claim_token = ${token}`,
  )

/** Gives the claimed rows back at once, with the failure's message. */
const release = (db: Db, token: string, error: string) =>
  db.execute(
    sql`update commande_flux set claim_token = null, claimed_until = null, erreur = ${error.slice(0, 500)}
        where claim_token = ${token}`,
  )

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} : pas de réponse en ${ms} ms`)), ms)
  })
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}

/** Publishes one claimed batch; true when the batch was full (more may be waiting). */
async function publishBatch(db: Db, broker: Broker, opts: PublisherOptions, run: PublishRun): Promise<boolean> {
  const token = randomBytes(12).toString('base64url')
  const positions = await claim(db, token)
  if (positions.length === 0) return false
  try {
    const channel = await broker.confirmChannel()
    const orders = await loadFeedOrders(db, positions)
    for (const order of orders) {
      const fits = channel.publish(opts.exchange, ROUTING_KEY, Buffer.from(JSON.stringify(order)), {
        persistent: true,
        messageId: String(order.position),
        contentType: 'application/json',
        contentEncoding: 'utf-8',
        type: MESSAGE_TYPE,
        timestamp: Math.floor(Date.now() / 1000),
        headers: { position: order.position, numero: order.numero, numTiers: order.tiers.numTiers },
      })
      if (!fits) await withTimeout(once(channel, 'drain'), CONFIRM_TIMEOUT_MS, 'AMQP drain')
    }
    await withTimeout(channel.waitForConfirms(), CONFIRM_TIMEOUT_MS, 'AMQP confirmations')
    await settle(db, token)
    run.published += orders.length
    return positions.length === BATCH
  } catch (err) {
    run.failed = true
    const error = err instanceof Error ? err.message : String(err)
    opts.logger.warn('amqp.publish_failed', { positions: positions.length, error })
    // The connection may be half dead: the next run opens a new one.
    await broker.close()
    await release(db, token, error).catch(() => {})
    return false
  }
}

/** Publishes what is waiting, batch after batch, until none is full or one fails. Never throws. */
async function publishPending(
  db: Db,
  broker: Broker,
  opts: PublisherOptions,
  signal?: AbortSignal,
): Promise<PublishRun> {
  const run: PublishRun = { published: 0, failed: false }
  try {
    while (!signal?.aborted && (await publishBatch(db, broker, opts, run)));
  } catch (err) {
    // The database itself failed (claim, load): the rows wait for a later run.
    run.failed = true
    opts.logger.warn('amqp.run_failed', { error: String(err) })
  }
  if (run.published > 0) opts.logger.info('amqp.published', { commandes: run.published })
  return run
}

export interface OrderPublisher {
  /** Publishes now (after an accepted order); a run under way goes round once more. */
  kick(): void
  /** Stops the timer and the kicks, waits for the run under way, closes the connection. */
  stop(): Promise<void>
}

/** This instance's publisher: one run at a time, every pollMs and on kick(). */
export function startOrderPublisher(db: Db, opts: PublisherOptions): OrderPublisher {
  const broker = new Broker(opts)
  let running: Promise<void> | null = null
  let again = false
  const stopping = new AbortController()
  const loop = async () => {
    do {
      again = false
      const run = await publishPending(db, broker, opts, stopping.signal)
      // After a failure, wait for the timer rather than hammering a broker that is down.
      if (run.failed) again = false
    } while (again && !stopping.signal.aborted)
  }
  const kick = () => {
    if (stopping.signal.aborted) return
    if (running) {
      again = true
      return
    }
    running = loop().finally(() => {
      running = null
    })
  }
  const timer = setInterval(kick, opts.pollMs).unref()
  kick()
  return {
    kick,
    async stop() {
      stopping.abort()
      clearInterval(timer)
      await running
      await broker.close()
    },
  }
}
