// Sends the outbox (ARCHITECTURE "The offline design"): one sender at a time (Web Locks across
// tabs, a promise within one), oldest first, each item with its Idempotency-Key until the server
// answers. 2xx: accepted with the order number. 409 (or another refusal) on an order: rejected,
// its lines put back in the cart. No answer, 5xx, "still running", 401: kept, retried with
// backoff. Never dropped. Runs in a page or in the service worker (sync event).
import { CODES_ERREUR } from '../contract/error-codes'
import { ApiError } from '../api/api-error'
import { request } from '../api/http-client'
import { CommandeAcceptee, commandesPath, IDEMPOTENCY_HEADER } from '../contract/commandes'
import { CHOICE_PROOF_HEADER } from '../contract/user'
import { EvaluationEnregistree, EVALUATIONS_PATH } from '../contract/evaluations'
import { restoreCartLines } from './cart'
import { db, type MemberNamed, type OutboxRow } from './db'
import { byCharacters } from '../domain/compare'
import { isServerFailure, serverFailuresAfter } from '../domain/server-trouble'

export const SYNC_TAG = 'silo-outbox'
const LOCK = 'silo-outbox'
/** A 'sending' item older than this was cut off (tab closed, app killed): it is sent again. */
const SENDING_STALE_MS = 2 * 60_000
const BACKOFF_BASE_MS = 5_000
const BACKOFF_MAX_MS = 5 * 60_000

/** A try that has not been answered after this is given up (and retried): a half-open
 * connection in a barn must not hold the one sender forever. The client enforces it. */
const SEND_TIMEOUT_MS = 30_000

export type SendResult =
  | { ok: true; numeroCommande?: string; mail?: string | null }
  | { ok: false; retry: boolean; error: string; status?: number; code?: string }

/** One try for one item: what the server said, or that it did not answer. */
export async function sendItem(row: OutboxRow): Promise<SendResult> {
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: row.id }
  // Staff: the member chosen when it was confirmed, whoever they act for now.
  if (row.preuveChoix) headers[CHOICE_PROOF_HEADER] = row.preuveChoix
  try {
    if ((row.kind ?? 'commande') === 'evaluation') {
      await request(EVALUATIONS_PATH, EvaluationEnregistree, {
        method: 'POST',
        body: row.payload,
        headers,
        timeoutMs: SEND_TIMEOUT_MS,
      })
      return { ok: true }
    }
    const accepted = await request(commandesPath(row.numTiers), CommandeAcceptee, {
      method: 'POST',
      body: row.payload,
      headers,
      timeoutMs: SEND_TIMEOUT_MS,
    })
    return { ok: true, numeroCommande: accepted.numero, mail: accepted.mail }
  } catch (err) {
    if (err instanceof ApiError) {
      // The same key is still being processed, the session must be renewed, the server failed,
      // or staff now act for another member (the order waits until they act for its member again).
      // A member no longer in the adviser's portfolio (HORS_PORTEFEUILLE) is final: the order is
      // refused and kept on the device for export (kept-refusals.ts), never tried again.
      const retry =
        err.code === CODES_ERREUR.IDEMPOTENCE_EN_COURS ||
        err.code === CODES_ERREUR.ADHERENT_NON_CHOISI ||
        err.status === 401 ||
        err.status === 408 ||
        err.status === 429 ||
        err.status >= 500
      return { ok: false, retry, error: err.reason ?? err.message, status: err.status, code: err.code ?? undefined }
    }
    // No answer: offline, cut, or timed out. The key makes the next try safe.
    return { ok: false, retry: true, error: 'Réseau indisponible' }
  }
}

const backoffMs = (attempts: number): number =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))

let running: Promise<void> | null = null

/**
 * Sends what is due for `owner` (only the signed-in user's items: on a shared tablet another
 * user's unsent order waits for its owner). Concurrent calls share one run.
 */
export function flushOutbox(
  owner: string,
  send: (row: OutboxRow) => Promise<SendResult> = sendItem,
  now: () => Date = () => new Date(),
): Promise<void> {
  running ??= withLock((exclusive) => sendDue(owner, send, now, exclusive)).finally(() => {
    running = null
  })
  return running
}

/**
 * The network is back, the app was opened again, or the farmer asked: what waits for `owner` is
 * due now, whatever its backoff (the backoff spaces tries while nothing changes; a change of
 * network is worth a try at once). Then sends as flushOutbox does.
 */
export async function flushOutboxNow(
  owner: string,
  send: (row: OutboxRow) => Promise<SendResult> = sendItem,
  now: () => Date = () => new Date(),
): Promise<void> {
  await db.outbox
    .where('status')
    .equals('pending')
    .filter((r) => r.owner === owner && Boolean(r.nextAttemptAt))
    .modify({ nextAttemptAt: undefined })
  // A pass already under way (a timer, the page shown again) may have looked before the backoff
  // was cleared and found nothing due: sharing it would swallow the farmer's "Réessayer l'envoi"
  // (seen in ordered-lot-covered.spec). One more pass after it; the lock keeps them one at a time.
  if (running) await running.catch(() => undefined)
  return flushOutbox(owner, send, now)
}

/** Runs `run` as the only sender: `exclusive` says the lock is held (no other tab, nor the service
 * worker, is sending meanwhile); without Web Locks it is not known. */
async function withLock(run: (exclusive: boolean) => Promise<void>): Promise<void> {
  // Pages and the service worker both have navigator.locks (typed from either lib).
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks
  if (!locks) return run(false)
  // Another tab (or the service worker) is sending: it will see these items too.
  await locks.request(LOCK, { ifAvailable: true }, async (lock: Lock | null) => {
    if (lock) await run(true)
  })
}

async function sendDue(
  owner: string,
  send: (row: OutboxRow) => Promise<SendResult>,
  now: () => Date,
  exclusive: boolean,
) {
  for (let guard = 0; guard < 100; guard++) {
    const row = await claimNext(owner, now(), exclusive)
    if (!row) return
    const result = await send(row)
    await settle(row, result, now())
    if (!result.ok && result.retry) return // the network or the server is not ready: later
  }
}

/**
 * The oldest due item, marked 'sending' in a transaction so no other sender takes it. A survey
 * about an order still waiting in the outbox waits for it (even when the order's backoff makes the
 * survey due first), then goes with that order's number, written into the row before the first
 * try so every try sends the same body with the same key.
 */
async function claimNext(owner: string, at: Date, exclusive: boolean): Promise<OutboxRow | null> {
  return db.transaction('rw', db.outbox, async () => {
    const rows = await db.outbox.where('status').anyOf('pending', 'sending').toArray()
    const ordersWaiting = new Set(rows.filter((r) => (r.kind ?? 'commande') === 'commande').map((r) => r.id))
    const due = rows
      .filter((r) => r.owner === owner)
      .filter((r) => !(r.commandeOutboxId && ordersWaiting.has(r.commandeOutboxId)))
      .filter((r) =>
        r.status === 'pending'
          ? !r.nextAttemptAt || Date.parse(r.nextAttemptAt) <= at.getTime()
          : // Still 'sending' while this pass holds the lock: its sender is gone (a page left or
            // reloaded mid-try), the key makes the new try safe. Unknown: after a while.
            exclusive || at.getTime() - Date.parse(r.sendingSince ?? r.createdAt) > SENDING_STALE_MS,
      )
      .sort((a, b) => byCharacters(a.createdAt, b.createdAt))[0]
    if (!due) return null
    const payload = await withOrderNumber(due)
    const claimed: OutboxRow = {
      ...due,
      payload,
      status: 'sending',
      sendingSince: at.toISOString(),
      attempts: due.attempts + 1,
    }
    await db.outbox.put(claimed)
    return claimed
  })
}

const needsOrderNumber = (row: OutboxRow): boolean =>
  row.kind === 'evaluation' &&
  !!row.commandeOutboxId &&
  'numeroCommande' in row.payload &&
  row.payload.numeroCommande == null

/** The survey's payload with this order number (an order's payload is left as it is). */
const numbered = (payload: OutboxRow['payload'], numeroCommande: string | null): OutboxRow['payload'] =>
  'numeroCommande' in payload ? { ...payload, numeroCommande } : payload

/**
 * A survey's payload with its order's number. The order is no longer waiting here: accepted, it
 * has its number. Refused, or gone (a refused order acknowledged, or erased at logout), it has
 * none: the survey is still sent, with numeroCommande null, which the server accepts. It rates
 * the application, not that order, so the farmer's answer is worth keeping, and an outbox item is
 * never dropped. (An accepted order also fills its surveys at once, see settle, so erasing it at
 * logout cannot lose the number.)
 */
async function withOrderNumber(row: OutboxRow): Promise<OutboxRow['payload']> {
  if (!needsOrderNumber(row) || !row.commandeOutboxId) return row.payload
  const order = await db.outbox.get(row.commandeOutboxId)
  return numbered(row.payload, order?.status === 'accepted' ? (order.numeroCommande ?? null) : null)
}

async function settle(row: OutboxRow, result: SendResult, at: Date) {
  if (result.ok) {
    await db.transaction('rw', db.outbox, async () => {
      await db.outbox.update(row.id, {
        status: 'accepted',
        sentAt: at.toISOString(),
        numeroCommande: result.numeroCommande,
        mail: result.mail ?? null,
        error: null,
        sendingSince: undefined,
      })
      if ((row.kind ?? 'commande') !== 'commande' || !result.numeroCommande) return
      // Surveys about this order, not tried yet, get its number now.
      const surveys = await db.outbox
        .where('status')
        .equals('pending')
        .filter((r) => r.commandeOutboxId === row.id && r.attempts === 0 && needsOrderNumber(r))
        .toArray()
      for (const s of surveys)
        await db.outbox.update(s.id, { payload: numbered(s.payload, result.numeroCommande ?? null) })
    })
    return
  }
  if (result.retry) {
    await db.outbox.update(row.id, {
      status: 'pending',
      nextAttemptAt: new Date(at.getTime() + backoffMs(row.attempts)).toISOString(),
      error: result.error,
      sendingSince: undefined,
      serverFailures: serverFailuresAfter(row.serverFailures, result.status),
      serverFailureStatus: isServerFailure(result.status) ? result.status : undefined,
    })
    return
  }
  // Refused: the order's lines go back into the cart, in the same transaction.
  await db.transaction('rw', [db.outbox, db.cartLines], async () => {
    await db.outbox.update(row.id, {
      status: 'rejected',
      sentAt: at.toISOString(),
      error: result.error,
      errorStatus: result.status,
      errorCode: result.code,
      sendingSince: undefined,
    })
    if ((row.kind ?? 'commande') === 'commande')
      await restoreCartLines(row.owner, row.numTiers, row.cartLines ?? [], at)
  })
}

/** How many items of this user still wait (logout asks; the service worker's sync retries). */
export async function unsentFor(owner: string): Promise<number> {
  return (await unsentItemsFor(owner)).length
}

/** One item not yet received by the cooperative, as the farmer is told about it. */
export interface WaitingItem {
  id: string
  kind: 'commande' | 'evaluation'
  createdAt: string
  /** The order's lines (0 for a survey). */
  lignes: number
  status: OutboxRow['status']
  attempts: number
  /** Tries answered in a row by the server failing, and the last status (domain/server-trouble). */
  serverFailures: number
  serverFailureStatus?: number
  /** Staff acting for a member: for whom. */
  pour?: MemberNamed
}

export const waitingItem = (r: OutboxRow): WaitingItem => ({
  id: r.id,
  kind: r.kind ?? 'commande',
  createdAt: r.createdAt,
  lignes: 'commande' in r.payload ? r.payload.commande.lignes.length : 0,
  status: r.status,
  attempts: r.attempts,
  serverFailures: r.serverFailures ?? 0,
  ...(r.serverFailureStatus !== undefined ? { serverFailureStatus: r.serverFailureStatus } : {}),
  ...(r.pour ? { pour: r.pour } : {}),
})

/** This user's items not yet received, oldest first. */
export async function unsentItemsFor(owner: string): Promise<WaitingItem[]> {
  return (await unsentRowsFor(owner)).map(waitingItem)
}

/** The rows themselves (with the order's lines), for the "Cet appareil" panel's readable file. */
export async function unsentRowsFor(owner: string): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('status').anyOf('pending', 'sending').toArray()
  return rows.filter((r) => r.owner === owner).sort((a, b) => byCharacters(a.createdAt, b.createdAt))
}
