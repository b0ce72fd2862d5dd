// Sends the mails that the orders' transactions write in mail_outbox, exactly once across every
// instance on the database. Each sender claims one due mail at a time with FOR UPDATE SKIP LOCKED:
// a random token and a lease that no other sender takes while it runs. It then hands the mail to
// SMTP and records the outcome only if the claim is still its own. A failure is tried again later
// (1 min, 5 min, 30 min, 2 h, 6 h), its error kept; after MAIL_MAX_ATTEMPTS the mail stays unsent.
// A sender that dies after claiming leaves the mail to another once the lease is over: had it
// already handed the mail to SMTP, that mail goes twice (the one case the lease cannot cover).
// Every instance runs the senders every MAIL_POLL_MS and after each accepted order (startMailer).
// Leases, retries and the sending time are read against the database's clock (now()), the one
// clock every instance shares: an instance whose own clock runs ahead would otherwise take a mail
// whose lease it believed over, while its sender still holds it.
// Without SMTP_URL nothing is sent: the mails stay in the table (the order route logs `kept`).
// A mail may carry a secret (a sign-in link, services/mail-secret.ts): it is opened and put in the
// text only to hand the mail to SMTP, and erased once SMTP accepted it or the mail was given up.
// MAIL_RATE_PER_MINUTE bounds the mails all instances hand to SMTP in any minute (relays limit
// senders): a claim counts, under one advisory lock, the mails sent in the last minute and those
// being sent. Lower `priorite` goes first: an order's confirmation before the invitations.
import { randomBytes } from 'node:crypto'
import type { Transporter } from 'nodemailer'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import { selectRows } from '../db/raw'
import type { Logger } from '../logger'
import { LIEN_A_INSERER, openMailSecret } from './mail-secret'

export const MAIL_MAX_ATTEMPTS = 6
/** The wait before the next attempt, after the 1st, 2nd… failure. */
const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000]
/**
 * How long a claim holds. Past it another sender takes the mail, so it must outlast a slow send:
 * the SMTP timeouts below bound one (a handful of commands, 30 s of silence at most each).
 */
export const MAIL_LEASE_MS = 5 * 60_000
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
/** Mails one run sends at most; the worker runs again at once when a run was full. */
const MAX_PER_RUN = 100

export interface MailOptions {
  smtpUrl: string | null
  from: string
  logger: Logger
  /** Mails handed to SMTP per minute at most, all instances together; 0 or absent: no bound. */
  ratePerMinute?: number
}

export interface MailRun {
  sent: number
  failed: number
  /** The run stopped at MAX_PER_RUN with mails perhaps still due. */
  full: boolean
  /** The run stopped because a minute's mails were all sent: the next poll goes on. */
  paced?: boolean
}

/**
 * The queue's clock, as SQL: the database's now() (the same for every instance), or, in tests
 * only, the instant they set (sendDueMails' `now`).
 */
type QueueClock = () => SQL
const databaseClock: QueueClock = () => sql`now()`
const setClock =
  (now: () => Date): QueueClock =>
  () =>
    sql`${now().toISOString()}::timestamptz`
const later = (clock: QueueClock, ms: number) => sql`${clock()} + ${ms} * interval '1 millisecond'`

/**
 * Takes the oldest due mail that nobody holds, for this claim's token; null when none is due. The
 * due row is chosen once, in a MATERIALIZED CTE: as `id IN (SELECT … LIMIT 1 FOR UPDATE SKIP
 * LOCKED)` the planner may run the subquery more than once and the update then claims two mails,
 * the second left leased and unsent for MAIL_LEASE_MS (seen once in CI: one mail of two sent).
 */
async function claim(db: Pick<Db, 'execute'>, token: string, clock: QueueClock): Promise<Outbox | null> {
  const at = clock()
  const [row] = await selectRows<ClaimedRow>(
    db,
    sql`with due as materialized (
          select id from mail_outbox
           where sent_at is null and attempts < ${MAIL_MAX_ATTEMPTS}
             and (retry_at is null or retry_at <= ${at})
             and (claimed_until is null or claimed_until <= ${at})
           order by priorite, id limit 1 for update skip locked)
        update mail_outbox m
           set claim_token = ${token}, claimed_until = ${later(clock, MAIL_LEASE_MS)}, attempts = m.attempts + 1
          from due where m.id = due.id
        returning m.id, m."to", m.subject, m.body, m.attempts, m.secret`,
  )
  return row ? { ...row, attempts: Number(row.attempts) } : null
}

/** The advisory lock under which claims count the minute's mails (one number for Silo's mails). */
const RATE_LOCK = sql`pg_advisory_xact_lock(hashtext('silo.mail_outbox.rythme'))`

/**
 * A claim within the rate: in one transaction, under RATE_LOCK, the mails sent in the last minute
 * and those being sent (claimed, lease running) are counted, and a mail is claimed only while they
 * are fewer than `perMinute`. 'paced' when the minute is full. Two instances count one after the
 * other, so the bound holds across them.
 */
async function claimWithin(
  db: Db,
  token: string,
  clock: QueueClock,
  perMinute: number,
): Promise<Outbox | null | 'paced'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${RATE_LOCK}`)
    const at = clock()
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
      tx,
      sql`select (select count(*) from mail_outbox where sent_at > ${at} - interval '1 minute')
               + (select count(*) from mail_outbox where claim_token is not null and claimed_until > ${at}) as n`,
    )
    if (Number(n) >= perMinute) return 'paced'
    return claim(tx, token, clock)
  })
}

type Row = typeof mailOutbox.$inferSelect
/** What a claim needs of its mail to send it and record the outcome. */
type Outbox = Pick<typeof mailOutbox.$inferSelect, 'id' | 'to' | 'subject' | 'body' | 'attempts' | 'secret'>
type ClaimedRow = Outbox & Record<string, unknown>

/** A mail whose secret no key of the server's opens: given up at once (it would never open). */
class UnreadableSecret extends Error {}

const giveUp = { secret: null, attempts: MAIL_MAX_ATTEMPTS }

/** The text handed to SMTP: the kept text, with its secret (a link) put in its place-holder. */
async function textOf(db: Db, mail: Outbox): Promise<string> {
  if (mail.secret === null) return mail.body
  const secret = await openMailSecret(db, mail.secret)
  if (secret === null)
    throw new UnreadableSecret('Lien illisible : aucune clé du serveur ne l’ouvre (courriel abandonné).')
  return mail.body.replace(LIEN_A_INSERER, secret)
}

/** Records the outcome if the claim is still ours; false if another sender has taken the mail. */
async function settle(
  db: Db,
  mail: Outbox,
  token: string,
  outcome: Partial<{ [K in keyof Row]: Row[K] | SQL }>,
): Promise<boolean> {
  const done = await db
    .update(mailOutbox)
    .set({ ...outcome, claimToken: null, claimedUntil: null })
    .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, token)))
    .returning({ id: mailOutbox.id })
  return done.length === 1
}

async function sendOne(
  db: Db,
  transport: Transporter,
  mail: Outbox,
  token: string,
  opts: MailOptions,
  clock: QueueClock,
) {
  const { logger } = opts
  try {
    await transport.sendMail({ to: mail.to, subject: mail.subject, text: await textOf(db, mail), from: opts.from })
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err)
    const wait = RETRY_AFTER_MS[Math.min(mail.attempts, RETRY_AFTER_MS.length) - 1]!
    const last = mail.attempts >= MAIL_MAX_ATTEMPTS || err instanceof UnreadableSecret
    // A mail given up keeps no secret: its link is then useless, and asked for again.
    await settle(db, mail, token, { error, retryAt: last ? null : later(clock, wait), ...(last ? giveUp : {}) })
    if (last) logger.error('mail.gave_up', { id: mail.id, to: mail.to, attempts: mail.attempts, error })
    else logger.warn('mail.failed', { id: mail.id, to: mail.to, attempt: mail.attempts, retryInMs: wait, error })
    // No SMTP reply (refused, timed out, name unknown): the server is out of reach for every mail.
    return (err as { responseCode?: number }).responseCode ? 'failed' : 'unreachable'
  }
  const recorded = await settle(db, mail, token, { sentAt: clock(), retryAt: null, secret: null }).catch(
    (err: unknown) => {
      // Handed to SMTP but not recorded: another sender sends it again once the lease is over.
      logger.error('mail.sent_unrecorded', { id: mail.id, to: mail.to, error: String(err) })
      throw err
    },
  )
  if (recorded) {
    logger.info('mail.sent', { id: mail.id, to: mail.to, attempt: mail.attempts })
  } else {
    // Sent after our lease was over and another sender took it: it may go twice.
    logger.error('mail.claim_lost', { id: mail.id, to: mail.to })
  }
  return 'sent'
}

/**
 * Sends the due mails one claim at a time until none is due (at most MAX_PER_RUN), the SMTP
 * server cannot be reached, or `signal` aborts. Never throws: a database or SMTP outage is logged
 * and the mails wait for a later run. Leases and retries are read against the database's clock;
 * `now`, for tests only, replaces it with theirs (they move it).
 */
export async function sendDueMails(
  db: Db,
  opts: MailOptions & { now?: () => Date; signal?: AbortSignal },
): Promise<MailRun> {
  const run: MailRun = { sent: 0, failed: 0, full: false }
  if (!opts.smtpUrl) return run
  const clock = opts.now ? setClock(opts.now) : databaseClock
  let transport: Transporter | null = null
  try {
    for (let n = 0; n < MAX_PER_RUN; n++) {
      if (opts.signal?.aborted) return run
      const token = randomBytes(12).toString('base64url')
      const mail = opts.ratePerMinute
        ? await claimWithin(db, token, clock, opts.ratePerMinute)
        : await claim(db, token, clock)
      if (mail === 'paced') return { ...run, paced: true }
      if (!mail) return run
      // One SMTP connection for the run, kept between its mails (pool), closed at its end.
      transport ??= (await import('nodemailer')).createTransport({
        url: opts.smtpUrl,
        pool: true,
        maxConnections: 1,
        ...SMTP_TIMEOUTS,
      })
      const outcome = await sendOne(db, transport, mail, token, opts, clock)
      if (outcome === 'sent') run.sent++
      else run.failed++
      // The other mails stay due for the next run rather than each waiting for a timeout now.
      if (outcome === 'unreachable') return run
    }
    run.full = true
  } catch (err) {
    opts.logger.warn('mail.run_failed', { error: String(err) })
  } finally {
    transport?.close()
  }
  return run
}

export interface MailWorker {
  /** Runs the senders now (after an accepted order); a run under way goes round once more. */
  kick(): void
  /** Stops the timer and the kicks; resolves when the run under way has ended (after its current mail). */
  stop(): Promise<void>
}

/**
 * This instance's sender: one run at a time, every pollMs (an unref'd timer) and on kick().
 * Without SMTP_URL it does nothing.
 */
export function startMailer(db: Db, opts: MailOptions & { pollMs: number }): MailWorker {
  if (!opts.smtpUrl) return { kick: () => {}, stop: async () => {} }
  let running: Promise<void> | null = null
  let again = false
  const stopping = new AbortController()
  const loop = async () => {
    do {
      again = false
      const run = await sendDueMails(db, { ...opts, signal: stopping.signal })
      if (run.full) again = true
    } while (again && !stopping.signal.aborted)
  }
  const kick = () => {
    if (stopping.signal.aborted) return
    if (running) {
      again = true
      return
    }
    running = loop()
      .catch((err) => opts.logger.warn('mail.run_failed', { error: String(err) }))
      .finally(() => {
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
    },
  }
}
