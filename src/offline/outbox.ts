// The outbox (ARCHITECTURE "The offline design"): an order or a survey confirmed on the device is
// written here with its Idempotency-Key, in the same transaction that empties the cart, then sent
// by the flusher until the server answers. Nothing here needs the network.
import { useLiveQuery } from 'dexie-react-hooks'
import type { CommandeEnvoyee } from '../contract/commandes'
import type { EvaluationBody } from '../domain/survey'
import { takeCart } from './cart'
import { db, type MemberNamed, type OutboxKind, type OutboxRow } from './db'
import { requestBackgroundSync } from './background-sync'
import { keptForExport } from './kept-refusals'
import { flushOutbox, flushOutboxNow, waitingItem, type WaitingItem } from './outbox-flusher'
import { byCharacters } from '../domain/compare'

export { flushOutbox, flushOutboxNow }
export type { EvaluationBody }

/** Staff acting for a member: who, and the server's proof of that choice (null when the device
 * has none, e.g. never online since the choice: the item then waits until that member is chosen
 * again, as before). */
export interface ActingFor {
  pour: MemberNamed
  preuveChoix: string | null
}

const actingFields = (acting: ActingFor | null | undefined): Pick<OutboxRow, 'pour' | 'preuveChoix'> =>
  acting ? { pour: acting.pour, ...(acting.preuveChoix ? { preuveChoix: acting.preuveChoix } : {}) } : {}

export interface OutboxView {
  id: string
  kind: OutboxKind
  status: OutboxRow['status']
  createdAt: string
  attempts: number
  numeroCommande?: string | null
  mail?: string | null
  error?: string | null
  errorStatus?: number
}

/** A new Idempotency-Key: random, unguessable, valid for the server's pattern. */
const newKey = (): string =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`

const view = (r: OutboxRow): OutboxView => ({
  id: r.id,
  kind: r.kind ?? 'commande',
  status: r.status,
  createdAt: r.createdAt,
  attempts: r.attempts,
  numeroCommande: r.numeroCommande ?? null,
  mail: r.mail ?? null,
  error: r.error ?? null,
  errorStatus: r.errorStatus,
})

function startSending(owner: string) {
  void flushOutbox(owner).catch(() => undefined)
  void requestBackgroundSync()
}

/**
 * Confirms the order on this device: in ONE transaction the order goes into the outbox (with the
 * cart as it was, to put back if the cooperative refuses it) and the cart is emptied. Then the
 * sending starts. Returns the outbox id (also the Idempotency-Key).
 */
export async function confirmOrder(
  owner: string,
  numTiers: string,
  payload: CommandeEnvoyee,
  acting?: ActingFor | null,
): Promise<string> {
  const id = newKey()
  await db.transaction('rw', [db.outbox, db.cartLines, db.cartHeaders], async () => {
    const cartLines = await takeCart(owner, numTiers)
    await db.outbox.add({
      id,
      owner,
      numTiers,
      kind: 'commande',
      status: 'pending',
      createdAt: new Date().toISOString(),
      payload,
      attempts: 0,
      cartLines,
      ...actingFields(acting),
    })
  })
  startSending(owner)
  return id
}

/** Which order a survey is about: the order's outbox id, or its number once known. */
export interface EvaluationRef {
  commandeOutboxId?: string
}

const evaluationFor = (
  rows: OutboxRow[],
  owner: string,
  body: EvaluationBody,
  commandeOutboxId: string | undefined,
): OutboxRow | undefined =>
  rows.find((r) => {
    if (r.kind !== 'evaluation' || r.owner !== owner) return false
    if (commandeOutboxId && r.commandeOutboxId === commandeOutboxId) return true
    const numero = 'numeroCommande' in r.payload ? r.payload.numeroCommande : null
    return !!body.numeroCommande && numero === body.numeroCommande
  })

/**
 * The satisfaction survey, sent like an order (idempotent, retried, never lost). When the order is
 * still waiting in the outbox (confirmed offline) its number is unknown: pass `commandeOutboxId`
 * with `body.numeroCommande` null, and the flusher sends the survey after the order, with its
 * number. One survey per order: queueing again (page hide then unmount, a remount) returns the
 * survey already queued for that order instead of adding another.
 */
export async function queueEvaluation(
  owner: string,
  numTiers: string,
  body: EvaluationBody,
  ref: EvaluationRef = {},
): Promise<string> {
  const commandeOutboxId = ref.commandeOutboxId || undefined
  const id = await db.transaction('rw', db.outbox, async () => {
    if (commandeOutboxId || body.numeroCommande) {
      const existing = evaluationFor(await db.outbox.toArray(), owner, body, commandeOutboxId)
      if (existing) return existing.id
    }
    const row: OutboxRow = {
      id: newKey(),
      owner,
      numTiers,
      kind: 'evaluation',
      status: 'pending',
      createdAt: new Date().toISOString(),
      payload: body,
      attempts: 0,
      ...(await actingOfOrder(owner, numTiers, body, commandeOutboxId)),
    }
    if (commandeOutboxId) row.commandeOutboxId = commandeOutboxId
    await db.outbox.add(row)
    return row.id
  })
  startSending(owner)
  return id
}

/** A survey goes for the member its order went for, with the same proof (staff acting for one). */
async function actingOfOrder(
  owner: string,
  numTiers: string,
  body: EvaluationBody,
  commandeOutboxId: string | undefined,
): Promise<Pick<OutboxRow, 'pour' | 'preuveChoix'>> {
  const order = commandeOutboxId
    ? await db.outbox.get(commandeOutboxId)
    : body.numeroCommande
      ? await db.outbox.filter((r) => r.numeroCommande === body.numeroCommande).first()
      : undefined
  if (!order || order.owner !== owner || order.numTiers !== numTiers || !order.pour) return {}
  return actingFields({ pour: order.pour, preuveChoix: order.preuveChoix ?? null })
}

/** The survey already queued for this order (by outbox id or number), if any. */
export async function queuedEvaluationId(
  owner: string,
  ref: { commandeOutboxId?: string; numeroCommande?: string | null },
): Promise<string | null> {
  if (!ref.commandeOutboxId && !ref.numeroCommande) return null
  const rows = await db.outbox.toArray()
  const body = { numeroCommande: ref.numeroCommande ?? null } as EvaluationBody
  return evaluationFor(rows, owner, body, ref.commandeOutboxId || undefined)?.id ?? null
}

/** One item, live: undefined while read, null when it is gone. */
export function useOutboxItem(id: string | undefined): OutboxView | null | undefined {
  return useLiveQuery(async () => {
    if (!id) return null
    const row = await db.outbox.get(id)
    return row ? view(row) : null
  }, [id])
}

export interface OutboxSummary {
  /** Orders and surveys not yet received by the cooperative. */
  unsent: number
  /** The oldest of them. */
  oldestUnsent: string | null
  /** Each of them, oldest first: what it is, since when. */
  items: WaitingItem[]
  /** Refused orders the user has not seen yet. */
  rejected: (OutboxView & { lines: string[] })[]
}

/** What the shell shows about this user's outbox; live. */
export function useOutboxSummary(owner: string): OutboxSummary | undefined {
  return useLiveQuery(async () => {
    const rows = await db.outbox.where('status').anyOf('pending', 'sending', 'rejected').toArray()
    const mine = rows.filter((r) => r.owner === owner)
    const unsent = mine.filter((r) => r.status !== 'rejected').sort((a, b) => byCharacters(a.createdAt, b.createdAt))
    return {
      unsent: unsent.length,
      oldestUnsent: unsent[0]?.createdAt ?? null,
      items: unsent.map(waitingItem),
      // Refusals kept for export are shown by their own list (kept-refusals.tsx), not as a dialog.
      rejected: mine
        .filter((r) => r.status === 'rejected' && !r.acknowledged && !keptForExport(r))
        .map((r) => ({ ...view(r), lines: (r.cartLines ?? []).map((l) => l.libelleArticle ?? l.numArticle ?? '') })),
    }
  }, [owner])
}

/** 'Corriger mon panier': the refused order has been seen; its lines are already back in the cart.
 * Also « Retirer de cet appareil » for a refusal kept for export, once the adviser has dealt with it. */
export async function acknowledgeRejected(id: string): Promise<void> {
  await db.outbox.delete(id)
}
