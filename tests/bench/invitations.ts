// `npm run bench:invitations [-- --membres N]` (issue 48): inviting every member of the synthetic
// cooperative (20,000 by default: its reference files, members and accounts — comptes.csv, no
// password — imported into a fresh database beside DATABASE_URL, else the PostgreSQL on
// 127.0.0.1). It queues the invitations as `npm run invitations -- envoyer --tous` does (the same
// service, in this process), sends to all a second time (nothing must be queued), then starts two
// Silo instances on the database (SMTP_URL: a real SMTP server in this process,
// MAIL_RATE_PER_MINUTE=0, unbounded) and waits until they have handed every mail to SMTP. It prints the queueing time, mails/s, the mails received twice
// (duplicates) and those never received (lost). Goal: queued in ≤ 10 s, 0 duplicates, 0 lost.
// Timings are printed, never asserted.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import pg from 'pg'
import { openDatabase } from '../../src/server/db/client'
import { selectRows } from '../../src/server/db/raw'
import { runImport } from '../../src/server/import/run'
import { DEFAULTS, scaled } from '../../src/server/seed/cooperative'
import { writeMembers } from '../../src/server/seed/cooperative/members'
import { members } from '../../src/server/seed/cooperative/options'
import { writeReference } from '../../src/server/seed/cooperative/reference'
import { countInvitations } from '../../src/server/services/invitations'
import { sendInvitations } from '../../src/server/services/invitations-send'
import { startTestSmtp } from '../server/support/smtp'
import { startSilo, type RunningSilo } from '../support/silo'

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : undefined
}
const options = scaled(arg('membres') ?? DEFAULTS.membres, { graine: DEFAULTS.graine })
const PORTS = [8381, 8382]
const PUBLIC_URL = 'https://silo.cooperative.example'
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const dbName = `silo_invitations_${randomBytes(4).toString('hex')}`
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString()
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
/** How long the instances may take to send everything before the bench gives up. */
const SEND_LIMIT_MS = 15 * 60_000

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

const folder = mkdtempSync(join(tmpdir(), 'silo-bench-invitations-'))
await admin(`create database ${dbName}`)
const smtp = await startTestSmtp()
const silos: RunningSilo[] = []
const opened = await openDatabase({ databaseUrl: dbUrl })
try {
  console.log(`load before: ${load()}`)
  const all = members(options)
  await writeReference(folder, options.aujourdhui)
  await writeMembers(folder, options, all)
  const imported = await runImport({ databaseUrl: dbUrl, folder })
  if (imported.status !== 'importe') throw new Error(imported.errors.slice(0, 20).join('\n'))
  const counts = await countInvitations(opened.db, DateTime.now())
  console.log(`${all.length} members imported; states: ${JSON.stringify(counts)}`)

  const env = {
    DATABASE_URL: dbUrl,
    SEED: 'none',
    SMTP_URL: smtp.url,
    MAIL_RATE_PER_MINUTE: '0',
    MAIL_POLL_MS: '500',
    PUBLIC_URL,
    DIST_DIR: '/nonexistent',
  }
  const started = performance.now()
  const cpu = process.cpuUsage()
  const sent = await sendInvitations(opened.db, {
    cible: { tous: true },
    by: 'operateur',
    demandeur: { par: 'operateur' },
    now: DateTime.now(),
    origin: PUBLIC_URL,
  })
  const queuedMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  console.log(
    `queued ${sent.envoyes} invitations in ${(queuedMs / 1000).toFixed(2)} s (${Math.round(sent.envoyes / (queuedMs / 1000))}/s); this process's CPU ${((used.user + used.system) / 1e6).toFixed(2)} s; skipped ${JSON.stringify(sent.ignores)}; load ${load()}`,
  )
  const again = performance.now()
  const second = await sendInvitations(opened.db, {
    cible: { tous: true },
    by: 'operateur',
    demandeur: { par: 'operateur' },
    now: DateTime.now(),
    origin: PUBLIC_URL,
  })
  console.log(`a second send to all: ${second.envoyes} queued in ${((performance.now() - again) / 1000).toFixed(2)} s`)

  // Then two instances send them (each Silo starts in about a second; they send as soon as up).
  const sending = performance.now()
  for (const port of PORTS) silos.push(await startSilo({ port, env, stdout: 'ignore' }))
  while (performance.now() - sending < SEND_LIMIT_MS && smtp.received.length < sent.envoyes)
    await new Promise((r) => setTimeout(r, 250))
  const allInMs = performance.now() - sending
  // A little longer: a mail sent twice would arrive now.
  await new Promise((r) => setTimeout(r, 3_000))
  const byRecipient = new Map<string, number>()
  for (const m of smtp.received) for (const to of m.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1)
  const rows = await selectRows<{ to: string }>(opened.db, sql`select "to" from mail_outbox where priorite = 1`)
  const lost = rows.filter((r) => !byRecipient.has(r.to)).length
  const duplicates = [...byRecipient.values()].filter((n) => n > 1).length
  console.log(
    `two instances, MAIL_RATE_PER_MINUTE=0: ${smtp.received.length} mails received in ${(allInMs / 1000).toFixed(1)} s from the instances' start (${Math.round(smtp.received.length / (allInMs / 1000))} mails/s)`,
  )
  console.log(`duplicates: ${duplicates}, lost: ${lost}; load after: ${load()}`)
} finally {
  await Promise.all(silos.map((s) => s.stop()))
  await opened.close()
  await smtp.close()
  await admin(`drop database if exists ${dbName} with (force)`)
  rmSync(folder, { recursive: true, force: true })
}
