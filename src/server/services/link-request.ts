// A member asks for a first sign-in link themselves (issue 48): « Première connexion ou mot de
// passe oublié ? » on the sign-in page. The link is the one staff send (issueSignInLink), mailed to
// the address on file, saying « demandé par : vous-même, depuis la page de connexion ».
//
// The answer must not tell who is a member (OWASP ASVS V2, "account enumeration"): an unknown
// number, an account without an address, a disabled one, links disabled (no PUBLIC_URL) or a
// request over a limit all get the same answer, in the same time. The route answers the same bytes
// (routes/session/link-request.routes.ts); here every request does the same work up to the account
// lookup, and the answer waits until DEMANDE_PLANCHER_MS after the request began, whatever path it
// took (requestFloor): a link sent writes five rows and commits (a WAL flush), an unknown number
// reads one row, and that difference would otherwise show in the answer's time.
//
// The limits, counted in PostgreSQL so every instance shares them:
// - per number: issueSignInLink's own (LIENS_PAR_HEURE an hour, LIENS_PAR_JOUR in 24 h per account,
//   whoever asks), under the account's row lock, so a burst sends at most LIENS_PAR_HEURE;
// - per requesting address (http/client-address.ts, TRUSTED_PROXIES): DEMANDES_PAR_ADRESSE an
//   hour, whatever the numbers, so one machine cannot mail the whole membership. Counted before the
//   lookup by one statement (a row of login_attempts, key `demande-lien:<address>`), so a burst is
//   numbered one by one; a request over it is not counted and sends nothing.
import { sql } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema'
import { HttpError } from '../http/http-error'
import type { Logger } from '../logger'
import { linkOrigin } from './link-origin'
import { issueSignInLink } from './sign-in-links'

/** Requests from one address in an hour, whatever the numbers asked for. */
export const DEMANDES_PAR_ADRESSE = 10
const WINDOW_HOURS = 1

/**
 * No answer leaves sooner than this after the request began. It must exceed the slowest path (a
 * link sent: the address counted, the server key read, a transaction of five rows committed).
 * Measured on this 2-core machine at a load of 18, 60 requests each (requestSignInLink alone):
 * a link sent, median 48 ms, 95th percentile 148 ms, slowest 348 ms on the embedded PostgreSQL
 * (67 / 176 / 380 ms on PostgreSQL 15); an unknown number 18 / 71 / 132 ms; over the address's
 * limit 10 / 48 / 58 ms. 800 ms is twice the slowest seen, and a farmer does not notice it on a
 * page they open once. A path slower than the floor is logged (lien.demande.plancher_depasse).
 */
export const DEMANDE_PLANCHER_MS = 800

const key = (address: string | null) => `demande-lien:${address ?? 'inconnue'}`

/**
 * Counts one request from this address in its hour; false when the hour's requests are spent
 * (then nothing is recorded). One statement: the database numbers simultaneous requests one by
 * one, whichever instance receives them. blocked_until holds the hour's end, so the housekeeping
 * (services/housekeeping.ts) keeps the row until then.
 */
async function countAddressRequest(db: Db, address: string | null, now: DateTime): Promise<boolean> {
  const at = now.toJSDate()
  const windowOver = now.minus({ hours: WINDOW_HOURS }).toJSDate()
  const t = loginAttempts
  const stale = sql`${t.windowStart} <= ${windowOver}::timestamptz`
  const start = sql`(case when ${stale} then ${at}::timestamptz else ${t.windowStart} end)`
  const rows = await db
    .insert(t)
    .values({
      key: key(address),
      failures: 1,
      windowStart: at,
      blockedUntil: now.plus({ hours: WINDOW_HOURS }).toJSDate(),
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`,
        windowStart: start,
        blockedUntil: sql`${start} + make_interval(hours => ${WINDOW_HOURS})`,
      },
      setWhere: sql`${stale} or ${t.failures} < ${DEMANDES_PAR_ADRESSE}`,
    })
    .returning({ count: t.failures })
  return rows.length > 0
}

/** What became of a request: for the log only, never for the answer. */
export type DemandeResultat = 'envoye' | 'limite-adresse' | 'refuse'

/**
 * Sends a link to `identifiant`'s account if it may have one, else nothing. Throws only what the
 * database throws when it is away (a 503 for every number alike); the refusals of issueSignInLink
 * (no account, no address, disabled, links disabled, the account's limits) are swallowed.
 */
export async function requestSignInLink(
  deps: { db: Db; config: Pick<Config, 'publicUrl' | 'host' | 'port'>; logger: Logger; mail?: { kick(): void } },
  input: { identifiant: string; address: string | null; now: DateTime },
): Promise<DemandeResultat> {
  const { db, logger } = deps
  if (!(await countAddressRequest(db, input.address, input.now))) {
    logger.warn('lien.demande', { resultat: 'limite-adresse', adresse: input.address })
    return 'limite-adresse'
  }
  try {
    await issueSignInLink(db, {
      numTiers: input.identifiant,
      by: input.identifiant,
      demandeur: { par: 'adherent' },
      now: input.now,
      origin: linkOrigin(deps.config),
    })
  } catch (e) {
    if (!(e instanceof HttpError)) throw e
    // The code says why (COMPTE_INEXISTANT, ADRESSE_ELECTRONIQUE_ABSENTE, TROP_DE_REQUETES,
    // LIENS_DESACTIVES) without the number: an unknown one may be a password typed in the wrong field.
    logger.info('lien.demande', { resultat: 'refuse', code: e.code })
    return 'refuse'
  }
  logger.info('lien.demande', { resultat: 'envoye', numTiers: input.identifiant })
  deps.mail?.kick()
  return 'envoye'
}

/**
 * Waits until DEMANDE_PLANCHER_MS after `startedMs` (performance.now() when the request began), so
 * that every path answers at the same time; logs a path that was slower than the floor.
 */
export async function requestFloor(startedMs: number, logger: Logger): Promise<void> {
  const left = startedMs + DEMANDE_PLANCHER_MS - performance.now()
  if (left > 0) return new Promise((resolve) => setTimeout(resolve, left))
  logger.warn('lien.demande.plancher_depasse', { ms: Math.round(DEMANDE_PLANCHER_MS - left) })
}
