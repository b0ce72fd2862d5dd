// Starts Silo's server: read the environment, open and migrate the database, seed an empty one
// with the demo cooperative, serve the API and the built app, stop cleanly on SIGTERM.
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { clockFromEnv } from './clock'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { consoleLogger as logger } from './logger'
import { applyServerLimits } from './http/server-limits'
import { databaseFault } from './http/database-errors'
import { seedIfEmpty } from './seed'
import { HOUSEKEEPING_EVERY_MS, purgeExpired } from './services/housekeeping'
import { startMailer } from './services/mailer'
import { LIENS_DESACTIVES, linkOrigin } from './services/link-origin'
import { startOrderPublisher } from './services/amqp-publisher'

// Every background task catches its errors (housekeeping, the mail flush). Should a database
// fault still reach a promise nobody awaits, it is logged, not fatal: the database comes back and
// the process must still be there. Anything else ends the process, as Node does by default.
process.on('unhandledRejection', (reason) => {
  if (!databaseFault(reason)) throw reason
  logger.warn('database.unhandled_rejection', { error: String(reason) })
})

async function main() {
  const config = loadConfig()
  const clock = clockFromEnv()
  const started = performance.now()
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: config.dataDir, log: (msg) => logger.info(`database: ${msg}`) },
  )
  logger.info('database ready', { kind: database.kind, ms: Math.round(performance.now() - started) })
  if (config.seed === 'demo') {
    const seeded = await seedIfEmpty(database.db, { today: clock.now().toISODate()! })
    if (seeded) logger.info('demo cooperative seeded')
  }
  // Confirmation mails: sent by every instance, each claimed by one (services/mailer.ts).
  const mail = startMailer(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
    pollMs: config.mailPollMs,
    ratePerMinute: config.mailRatePerMinute,
  })
  if (!config.smtpUrl) logger.info('mail: SMTP_URL is not set, confirmation mails are kept in mail_outbox')
  if (!linkOrigin(config)) logger.warn(`sign-in links: ${LIENS_DESACTIVES}`)
  // The order feed to RabbitMQ: published by every instance, each batch claimed by one (services/amqp-publisher.ts).
  const orderPublisher = config.amqpUrl
    ? startOrderPublisher(database.db, {
        url: config.amqpUrl,
        exchange: config.amqpExchange,
        pollMs: config.amqpPollMs,
        logger,
      })
    : undefined
  const app = createApp({ db: database.db, config, clock, logger, mail, orderPublisher })
  // Requests whose handler is still running: a client that hangs up does not stop its handler,
  // so the database is closed only once they are done (else their last queries fail).
  let inFlight = 0
  const fetch: typeof app.fetch = async (...args) => {
    inFlight++
    try {
      return await app.fetch(...args)
    } finally {
      inFlight--
    }
  }
  const server = serve({ fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(`listening on http://localhost:${info.port}`, { port: info.port })
  })
  applyServerLimits(server)

  // Ended sessions, spent sign-in counters, old sent mails and sign-in links: now, then every hour.
  const housekeeping = () =>
    purgeExpired(database.db, clock.now(), {
      idleSeconds: config.sessionIdleSeconds,
      maxAgeSeconds: config.sessionMaxAgeSeconds,
    })
      .then((purged) => {
        if (Object.values(purged).some((n) => n > 0)) logger.info('housekeeping', { ...purged })
      })
      .catch((err) => logger.warn('housekeeping failed', { error: String(err) }))
  void housekeeping()
  const housekeepingTimer = setInterval(housekeeping, HOUSEKEEPING_EVERY_MS).unref()

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    clearInterval(housekeepingTimer)
    // No new mail run; the one under way ends after its current mail.
    const mailStopped = mail.stop()
    const publisherStopped = orderPublisher?.stop()
    logger.info('stopping', { signal })
    // Finish the requests in flight, then close the database (the embedded cluster stops with a
    // fast shutdown and a checkpoint); give up on the requests after 10 s.
    const force = setTimeout(() => {
      void database.close().finally(() => process.exit(1))
    }, 10_000).unref()
    server.close(async () => {
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 20))
      clearTimeout(force)
      await mailStopped
      await publisherStopped
      await database.close().catch((err) => logger.error('database close failed', { error: String(err) }))
      process.exit(0)
    })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((err) => {
  logger.error('startup failed', { error: String(err), stack: (err as Error).stack })
  // Said once more as plain text: a failed start of the embedded PostgreSQL carries its log lines.
  console.error(`\nSilo did not start: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
