// Database faults a request can meet that are not its own: the pool busy, the server gone or
// restarting, a session ended under it, a full disk. They answer 503 in French with Retry-After
// (the outbox tries again), never a 500, and nothing was stored: an order's transaction either
// committed before the fault (a retry with its Idempotency-Key replays it) or rolled back.
import { CODES_ERREUR } from '../../contract/error-codes'

export interface DatabaseFault {
  message: string
  code: typeof CODES_ERREUR.SERVEUR_OCCUPE | typeof CODES_ERREUR.BASE_INDISPONIBLE
  /** Seconds, for Retry-After. */
  retryAfter: number
}

const BUSY: DatabaseFault = {
  message: 'Le serveur est occupé : veuillez réessayer dans quelques instants.',
  code: CODES_ERREUR.SERVEUR_OCCUPE,
  retryAfter: 2,
}

const UNAVAILABLE: DatabaseFault = {
  message: 'La base de données est momentanément indisponible : veuillez réessayer dans quelques instants.',
  code: CODES_ERREUR.BASE_INDISPONIBLE,
  retryAfter: 5,
}

/**
 * Busy: the work would pass on a retry. 55P03 a lock not obtained within lock_timeout, 57014 a
 * statement cancelled (statement_timeout), 40001/40P01 serialization failure and deadlock, 53300
 * too many connections, 25P03/57P05 a session PostgreSQL ended for idling.
 */
const BUSY_SQLSTATES = new Set(['55P03', '57014', '40001', '40P01', '53300', '25P03', '57P05'])

/**
 * Unavailable: class 08 (connection exception), 57P01–57P03 (shut down, crashed, starting or
 * recovering), 53xxx (disk full, out of memory…), 58xxx (I/O error), 3D000 (the database is
 * gone), 28xxx (our credentials no longer accepted).
 */
const unavailableSqlstate = (code: string) =>
  /^(08|53|58|28)/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '3D000'

/** Socket errors on the way to PostgreSQL (ENOENT: its Unix socket is gone). */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
])

/** pg's own words for a connection that ended or never came (pg-pool, pg's Client). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
]

function faultOf(e: { code?: unknown; message?: unknown; syscall?: unknown }): DatabaseFault | null {
  const code = typeof e.code === 'string' ? e.code : ''
  const message = typeof e.message === 'string' ? e.message : ''
  // pg-pool: every connection stayed busy for connectionTimeoutMillis (db/client.ts).
  if (message === 'timeout exceeded when trying to connect') return BUSY
  if (/^[0-9A-Z]{5}$/.test(code)) {
    if (BUSY_SQLSTATES.has(code)) return BUSY
    if (unavailableSqlstate(code)) return UNAVAILABLE
  }
  if (SOCKET_ERRORS.has(code) || (code === 'ENOENT' && e.syscall === 'connect')) return UNAVAILABLE
  if (UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return UNAVAILABLE
  return null
}

/** The fault behind an error, looked for in its causes too (drizzle wraps pg's errors). */
export function databaseFault(err: unknown): DatabaseFault | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const found = faultOf(e as { code?: unknown; message?: unknown; syscall?: unknown })
    if (found) return found
    // A host name with several addresses fails with an AggregateError of each attempt.
    const { cause, errors } = e as { cause?: unknown; errors?: unknown }
    e = cause ?? (Array.isArray(errors) ? errors[0] : undefined)
  }
  return null
}
