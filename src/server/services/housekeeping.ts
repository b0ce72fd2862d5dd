// What the database keeps only for a while (privacy policy "Durées de conservation"; README
// "Housekeeping"). Run by every instance at start and each hour: the deletes are idempotent, so
// several instances running them together do no harm.
//
// - sessions: a session that ended (logged out, expired, or idle past the limit) is only a cookie's
//   hash: removed a day after it ended. The proof of each connection is in audit_log ("connexion").
// - login_attempts: a counter whose window and block are over counts nothing any more.
// - mail_outbox: a mail sent more than MAIL_KEEP_DAYS ago (the order itself is kept). A mail never
//   sent stays, however old: one given up after MAIL_MAX_ATTEMPTS keeps its error for an operator
//   (services/mailer.ts), who may set its attempts back to 0 to have it sent again.
// - liens_connexion: a first sign-in link expired more than LINK_KEEP_DAYS ago (who sent it stays in
//   audit_log, "lien-connexion"); the account's last link shows on Accès de l'adhérent until then.
// Idempotency keys are pruned as new ones arrive (http/idempotency.ts, 30 days).
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../db/client'
import { liensConnexion, loginAttempts, mailOutbox, sessions } from '../db/schema'
import type { SessionLimits } from '../auth/session-store'
import { THROTTLE } from '../auth/login-throttle'

const MAIL_KEEP_DAYS = 90
const LINK_KEEP_DAYS = 90
const ENDED_SESSION_KEEP_DAYS = 1
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000

export interface Purged {
  sessions: number
  loginAttempts: number
  mails: number
  links: number
}

export async function purgeExpired(db: Db, now: DateTime, limits: SessionLimits): Promise<Purged> {
  const endedBefore = now.minus({ days: ENDED_SESSION_KEEP_DAYS }).toJSDate()
  const idleBefore = now.minus({ seconds: limits.idleSeconds, days: ENDED_SESSION_KEEP_DAYS }).toJSDate()
  const gone = await db
    .delete(sessions)
    .where(
      or(lt(sessions.revokedAt, endedBefore), lt(sessions.expiresAt, endedBefore), lt(sessions.lastSeenAt, idleBefore)),
    )
    .returning({ id: sessions.id })

  const windowOver = now.minus({ seconds: THROTTLE.windowSeconds }).toJSDate()
  const attempts = await db
    .delete(loginAttempts)
    // The same moment the counter would start again at its next try (login-throttle.ts).
    .where(
      and(
        lt(loginAttempts.windowStart, windowOver),
        or(isNull(loginAttempts.blockedUntil), lt(loginAttempts.blockedUntil, windowOver)),
      ),
    )
    .returning({ key: loginAttempts.key })

  const mails = await db
    .delete(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, now.minus({ days: MAIL_KEEP_DAYS }).toJSDate())))
    .returning({ id: mailOutbox.id })

  const links = await db
    .delete(liensConnexion)
    .where(lt(liensConnexion.expireA, now.minus({ days: LINK_KEEP_DAYS }).toJSDate()))
    .returning({ empreinte: liensConnexion.empreinte })

  return { sessions: gone.length, loginAttempts: attempts.length, mails: mails.length, links: links.length }
}
