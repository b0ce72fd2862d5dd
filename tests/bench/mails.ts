// Confirmation mails with two Silo instances on one PostgreSQL (issue 26): 20 orders sent at once,
// spread over both instances, must give 20 mails, each received once by a real SMTP server (npm
// smtp-server, in this process, on a loopback port); then a mail written while nobody orders must
// go at the next periodic run. It prints the counts and how long the mails took.
//
//   npm run bench:mails          (PostgreSQL at DATABASE_URL, else the one on 127.0.0.1)
//
// ORDERS (default 20) and MAIL_POLL_MS (default 5000, the server's default) may be set.
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { startTestSmtp } from '../server/support/smtp'
import { signIn, startSilo, type RunningSilo } from '../support/silo'
import { benchOrder } from '../support/orders'

const ORDERS = Number(process.env.ORDERS ?? 20)
const POLL_MS = process.env.MAIL_POLL_MS ?? '5000'
const PORTS = [8291, 8292]
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const dbName = `silo_mails_${randomBytes(4).toString('hex')}`
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString()

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

/** Waits until `done`, 30 s at most; returns the milliseconds it took. */
async function until(done: () => boolean): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < 1200 && !done(); i++) await new Promise((r) => setTimeout(r, 25))
  return Math.round(performance.now() - started)
}

const smtp = await startTestSmtp()
await admin(`create database ${dbName}`)
const silos: RunningSilo[] = []
try {
  const env = { DATABASE_URL: dbUrl, SMTP_URL: smtp.url, MAIL_POLL_MS: POLL_MS, DIST_DIR: '/nonexistent' }
  // One after the other: the first one migrates and seeds the empty database.
  for (const port of PORTS) silos.push(await startSilo({ port, env }))
  const cookie = await signIn(silos[0]!.base)
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: ORDERS }, async (_, i) => {
      const base = silos[i % silos.length]!.base
      const res = await fetch(`${base}/web/v1/tiers/100001/commandes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify(benchOrder(i, 'mails')),
      })
      return res.status
    }),
  )
  const accepted = answers.filter((s) => s === 201).length
  const allIn = await until(() => smtp.received.length >= accepted)
  const afterOrders = Math.round(performance.now() - started)
  // A little longer: a mail sent twice would arrive now.
  await new Promise((r) => setTimeout(r, 1_000))
  const counts = [...smtp.countBySubject().values()]
  console.log(`two instances, ${ORDERS} orders at once: ${accepted} accepted (statuses ${[...new Set(answers)]})`)
  console.log(
    `  mails received: ${smtp.received.length}, distinct: ${counts.length}, received twice or more: ${counts.filter((n) => n > 1).length}`,
  )
  console.log(`  all mails in ${afterOrders} ms after the first order was sent (${allIn} ms after the last answer)`)

  // A mail nobody kicks: written straight into the table, as an order committed by an instance
  // that died before its kick would leave it.
  const before = smtp.received.length
  const c = new pg.Client({ connectionString: dbUrl })
  await c.connect()
  await c.query(`insert into mail_outbox ("to", subject, body) values ('idle@example.org', 'idle', 'idle')`)
  await c.end()
  const idle = await until(() => smtp.received.length > before)
  console.log(`  a mail written with no order after it: received in ${idle} ms (MAIL_POLL_MS=${POLL_MS})`)
} finally {
  await Promise.all(silos.map((s) => s.stop()))
  await smtp.close()
  await admin(`drop database if exists ${dbName} with (force)`)
}
