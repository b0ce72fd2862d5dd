// Confirmation mails exactly once across instances (issue 26): two independent senders (two pools
// on one database, as two Silo instances have) hand each mail to a real SMTP server once; a refused
// mail is tried again after its backoff; a mail written while nobody orders goes at the periodic
// run; a claim whose sender died is taken by another once its lease is over. Leases and retries
// are read against the database's clock, whatever each instance's own clock says (issue 42).
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type OpenedDatabase } from '../../src/server/db/client'
import { mailOutbox } from '../../src/server/db/schema'
import type { Logger } from '../../src/server/logger'
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, sendDueMails, startMailer } from '../../src/server/services/mailer'
import { backends, databaseUrl, embeddedUrl, type Backend, type OpenedTestDb } from './support/databases'
import { startTestSmtp, type TestSmtp } from './support/smtp'

/** Another pool on the test's database: what a second Silo instance would open. */
async function secondInstance(backend: Backend, opened: OpenedTestDb): Promise<OpenedDatabase> {
  const { rows } = await opened.db.execute<{ name: string }>(sql`select current_database() as name`)
  const url = new URL(backend.name === 'embedded' ? embeddedUrl : databaseUrl!)
  url.pathname = `/${rows[0]!.name}`
  return openDatabase({ databaseUrl: url.toString() })
}

/** Waits, a bounded number of times, for `done` (a periodic run is not awaited by the test). */
async function until(done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400 && !(await done()); i++) await new Promise((r) => setTimeout(r, 25))
}

describe.each(backends)('confirmation mails on $name', (backend) => {
  let one: OpenedTestDb
  let two: OpenedDatabase
  let smtp: TestSmtp
  const logged: string[] = []
  const logger: Logger = { info: (m) => logged.push(m), warn: (m) => logged.push(m), error: (m) => logged.push(m) }
  const opts = () => ({ smtpUrl: smtp.url, from: 'Silo <no-reply@example.org>', logger })
  const t0 = new Date()
  const at = (ms: number) => () => new Date(t0.getTime() + ms)

  const write = async (n: number, tag: string) =>
    one.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: n }, (_, i) => ({
          to: `eleveur${i}@example.org`,
          subject: `Commande ${tag}-${i}`,
          body: `Votre commande ${tag}-${i} a bien été enregistrée.`,
        })),
      )
      .returning({ id: mailOutbox.id })
  const row = async (id: number) => (await one.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!

  beforeAll(async () => {
    one = await backend.open({ seed: false })
    two = await secondInstance(backend, one)
    smtp = await startTestSmtp()
  })
  afterEach(async () => {
    await one.db.delete(mailOutbox)
    smtp.received.length = 0
    smtp.refuseNext(0)
    logged.length = 0
  })
  afterAll(async () => {
    await smtp?.close()
    await two?.close()
    await one?.close()
  })

  it('20 mails, two instances sending at once and again: 20 received, each once', async () => {
    await write(20, 'a')
    const instance = async (db: typeof one.db) => {
      for (let round = 0; round < 5; round++) await sendDueMails(db, opts())
    }
    await Promise.all([instance(one.db), instance(two.db), instance(one.db), instance(two.db)])
    const counts = smtp.countBySubject()
    expect([...counts.values()]).toEqual(Array(20).fill(1))
    const rows = await one.db.select().from(mailOutbox)
    expect(rows.every((r) => r.sentAt && r.attempts === 1 && r.claimToken === null)).toBe(true)
  })

  it('refused by SMTP: the error is kept, tried again after a minute, sent once', async () => {
    const [mail] = await write(1, 'b')
    smtp.refuseNext(1)
    expect(await sendDueMails(one.db, { ...opts(), now: at(0) })).toMatchObject({ sent: 0, failed: 1 })
    const failed = await row(mail!.id)
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, claimToken: null })
    expect(failed.error).toMatch(/451/)
    expect(failed.retryAt!.getTime()).toBe(t0.getTime() + 60_000)
    // Not before its time, by either instance.
    expect(await sendDueMails(two.db, { ...opts(), now: at(30_000) })).toMatchObject({ sent: 0, failed: 0 })
    expect(await sendDueMails(two.db, { ...opts(), now: at(61_000) })).toMatchObject({ sent: 1, failed: 0 })
    expect(await sendDueMails(one.db, { ...opts(), now: at(62_000) })).toMatchObject({ sent: 0, failed: 0 })
    expect(smtp.countBySubject()).toEqual(new Map([['Commande b-0', 1]]))
    const sent = await row(mail!.id)
    expect(sent).toMatchObject({ attempts: 2, retryAt: null })
    expect(sent.sentAt).not.toBeNull()
    expect(sent.error).toMatch(/451/)
  })

  it('SMTP down: the run stops at the first mail; longer and longer waits, then given up, the error kept', async () => {
    const [mail, other] = await write(2, 'down')
    const closed = await startTestSmtp()
    await closed.close()
    const down = { ...opts(), smtpUrl: closed.url }
    expect(await sendDueMails(one.db, { ...down, now: at(0) })).toMatchObject({ sent: 0, failed: 1 })
    expect(await row(other!.id)).toMatchObject({ attempts: 0, error: null })
    await one.db.delete(mailOutbox).where(eq(mailOutbox.id, other!.id))
    const waits = [(await row(mail!.id)).retryAt!.getTime() - t0.getTime()]
    for (let i = 1, clock = 0; i < MAIL_MAX_ATTEMPTS + 2; i++) {
      clock += 7 * 3_600_000
      await sendDueMails(one.db, { ...down, now: at(clock) })
      const r = await row(mail!.id)
      if (r.retryAt) waits.push(r.retryAt.getTime() - t0.getTime() - clock)
    }
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 21_600_000])
    const given = await row(mail!.id)
    expect(given).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null, retryAt: null })
    expect(given.error).toMatch(/ECONNREFUSED/)
    expect(logged).toContain('mail.gave_up')
  })

  it('a mail written while nobody orders goes at the periodic run', async () => {
    const worker = startMailer(two.db, { ...opts(), pollMs: 50 })
    try {
      await write(1, 'c')
      await until(async () => (await one.db.$count(mailOutbox, sql`${mailOutbox.sentAt} is not null`)) === 1)
    } finally {
      await worker.stop()
    }
    expect(smtp.countBySubject()).toEqual(new Map([['Commande c-0', 1]]))
    expect(await one.db.$count(mailOutbox, sql`${mailOutbox.sentAt} is not null`)).toBe(1)
  })

  it('a sender that died after claiming: another takes the mail once the lease is over', async () => {
    const [mail] = await write(1, 'd')
    // What claim() leaves behind when its process is killed before sending.
    await one.db
      .update(mailOutbox)
      .set({ claimToken: 'dead', claimedUntil: new Date(t0.getTime() + MAIL_LEASE_MS), attempts: 1 })
      .where(eq(mailOutbox.id, mail!.id))
    expect(await sendDueMails(two.db, { ...opts(), now: at(60_000) })).toMatchObject({ sent: 0 })
    expect(await sendDueMails(two.db, { ...opts(), now: at(MAIL_LEASE_MS) })).toMatchObject({ sent: 1 })
    expect(smtp.countBySubject()).toEqual(new Map([['Commande d-0', 1]]))
    expect(await row(mail!.id)).toMatchObject({ attempts: 2, claimToken: null })
  })

  it('a sender whose lease ran out while SMTP held its mail does not record it: the claim is not its own', async () => {
    const [mail] = await write(1, 'e')
    const held = smtp.holdNext()
    const slow = sendDueMails(one.db, { ...opts(), now: at(0) })
    await held.arrived
    expect(await sendDueMails(two.db, { ...opts(), now: at(MAIL_LEASE_MS + 1_000) })).toMatchObject({ sent: 1 })
    const recorded = await row(mail!.id)
    held.release()
    await slow
    expect(logged).toContain('mail.claim_lost')
    // The one case a lease cannot cover: both were handed to SMTP, the second sender's is the record.
    expect(await row(mail!.id)).toEqual(recorded)
    expect(recorded.sentAt!.getTime()).toBe(t0.getTime() + MAIL_LEASE_MS + 1_000)
  })

  /** Runs `send` in a process whose own clock (Date) is `offsetMs` off the real time. */
  async function withClockOff<T>(offsetMs: number, send: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + offsetMs)
    try {
      return await send()
    } finally {
      vi.useRealTimers()
    }
  }

  it('an instance whose clock runs 10 minutes ahead does not take a mail another holds', async () => {
    const [mail] = await write(1, 'g')
    const held = smtp.holdNext()
    const slow = sendDueMails(one.db, opts())
    await held.arrived
    // The lease is the database's: five minutes from its now().
    const { rows } = await one.db.execute<{ left: number }>(
      sql`select extract(epoch from claimed_until - now()) * 1000 as left from mail_outbox where id = ${mail!.id}`,
    )
    expect(Number(rows[0]!.left)).toBeGreaterThan(MAIL_LEASE_MS - 60_000)
    expect(Number(rows[0]!.left)).toBeLessThanOrEqual(MAIL_LEASE_MS)
    // Ten minutes ahead, that instance would believe the lease over: it is not, by the database.
    expect(await withClockOff(10 * 60_000, () => sendDueMails(two.db, opts()))).toMatchObject({ sent: 0, failed: 0 })
    held.release()
    expect(await slow).toMatchObject({ sent: 1 })
    expect(smtp.countBySubject()).toEqual(new Map([['Commande g-0', 1]]))
    expect(logged).not.toContain('mail.claim_lost')
    expect(await row(mail!.id)).toMatchObject({ attempts: 1, claimToken: null, claimedUntil: null })
  })

  it('an instance whose clock runs 10 minutes behind still takes a mail whose lease or wait is over', async () => {
    const [dead, refused] = await write(2, 'h')
    // A sender that died, its lease over a second ago; a refused mail due again a second ago.
    await one.db.execute(
      sql`update mail_outbox set claim_token = 'dead', claimed_until = now() - interval '1 second', attempts = 1 where id = ${dead!.id}`,
    )
    await one.db.execute(
      sql`update mail_outbox set retry_at = now() - interval '1 second', attempts = 1, error = '451' where id = ${refused!.id}`,
    )
    expect(await withClockOff(-10 * 60_000, () => sendDueMails(two.db, opts()))).toMatchObject({ sent: 2 })
    expect(smtp.countBySubject()).toEqual(
      new Map([
        ['Commande h-0', 1],
        ['Commande h-1', 1],
      ]),
    )
    // Its sending time is the database's too, not its own clock's ten minutes ago.
    const { rows } = await one.db.execute<{ late: boolean }>(
      sql`select bool_and(sent_at > now() - interval '1 minute') as late from mail_outbox`,
    )
    expect(rows[0]!.late).toBe(true)
  })

  it('without SMTP_URL the mails stay in the table; a database that went away is logged, not thrown', async () => {
    const [mail] = await write(1, 'f')
    expect(await sendDueMails(one.db, { ...opts(), smtpUrl: null })).toMatchObject({ sent: 0, failed: 0 })
    expect(await row(mail!.id)).toMatchObject({ attempts: 0, sentAt: null, claimToken: null })
    const gone = await secondInstance(backend, one)
    await gone.close()
    expect(await sendDueMails(gone.db, opts())).toMatchObject({ sent: 0, failed: 0 })
    expect(logged).toContain('mail.run_failed')
    const worker = startMailer(gone.db, { ...opts(), pollMs: 10 })
    worker.kick()
    await worker.stop()
    expect(smtp.received).toHaveLength(0)
    const rows = await one.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))
    expect(rows.map((r) => r.attempts)).toEqual([0])
  })

  it('MAIL_RATE_PER_MINUTE holds across two instances sending at once; an order’s confirmation goes before invitations', async () => {
    await one.db.insert(mailOutbox).values(
      Array.from({ length: 12 }, (_, i) => ({
        to: `membre${i}@example.org`,
        subject: `Invitation ${i}`,
        body: 'Bienvenue',
        priorite: 1,
      })),
    )
    await write(1, 'urgente')
    const rate = { ...opts(), ratePerMinute: 5 }
    const both = async (ms: number) => {
      const runs = await Promise.all([one.db, two.db].map((db) => sendDueMails(db, { ...rate, now: at(ms) })))
      return runs.reduce((n, r) => n + r.sent, 0)
    }
    expect(await both(0)).toBe(5)
    expect(smtp.received[0]!.subject).toBe('Commande urgente-0')
    expect(await both(30_000)).toBe(0)
    expect(await both(61_000)).toBe(5)
    expect(await both(122_000)).toBe(3)
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(13)
  })

  it('a mail whose secret no key of the server opens is given up at once, its secret erased', async () => {
    const [mail] = await one.db
      .insert(mailOutbox)
      .values({
        to: 'x@example.org',
        subject: 'Lien',
        body: 'Votre lien : [lien personnel, inséré à l’envoi]',
        secret: 'AAAA'.repeat(12),
      })
      .returning({ id: mailOutbox.id })
    expect(await sendDueMails(one.db, opts())).toMatchObject({ sent: 0, failed: 1 })
    const kept = await row(mail!.id)
    expect(kept.secret).toBeNull()
    expect(kept.attempts).toBe(MAIL_MAX_ATTEMPTS)
    expect(smtp.received).toHaveLength(0)
  })
})
