// Sends the mails written by the orders' transactions (table mail_outbox). With SMTP_URL they go
// through nodemailer; without, they stay in the table and a log line says so (demo, tests). One
// flush at a time; a failed mail is retried at the next flush, up to 5 times.
import { and, asc, eq, isNull, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Logger } from '../logger'

const MAX_ATTEMPTS = 5
let running: Promise<void> | null = null

export function flushMailOutbox(db: Db, smtpUrl: string | null, logger: Logger): Promise<void> {
  running ??= flush(db, smtpUrl, logger).finally(() => {
    running = null
  })
  return running
}

async function flush(db: Db, smtpUrl: string | null, logger: Logger) {
  // Without SMTP the mails stay in the table (the order route logs each one once).
  if (!smtpUrl) return
  const pending = await db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(50)
  if (pending.length === 0) return
  const { createTransport } = await import('nodemailer')
  const transport = createTransport(smtpUrl)
  for (const m of pending) {
    try {
      await transport.sendMail({
        to: m.to,
        subject: m.subject,
        text: m.body,
        from: process.env.MAIL_FROM ?? 'Silo <no-reply@silo-cooperative.example>',
      })
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), attempts: m.attempts + 1, error: null })
        .where(eq(mailOutbox.id, m.id))
      logger.info('mail.sent', { id: m.id, to: m.to })
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err)
      await db
        .update(mailOutbox)
        .set({ attempts: m.attempts + 1, error })
        .where(eq(mailOutbox.id, m.id))
      logger.warn('mail.failed', { id: m.id, to: m.to, error })
    }
  }
}
