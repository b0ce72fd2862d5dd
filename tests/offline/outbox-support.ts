// What the outbox's tests share: a fresh database per test, an order confirmed from a cart, and
// clocks a few minutes on.
import { afterEach, beforeEach } from 'vitest'
import { addCartLines } from '../../src/offline/cart'
import { db } from '../../src/offline/db'
import { confirmOrder } from '../../src/offline/outbox'
import { flushOutbox } from '../../src/offline/outbox-flusher'
import type { CommandeEnvoyee } from '../../src/contract/commandes'

export const payload: CommandeEnvoyee = { numTiers: '100001', commande: { commentaire: '', lignes: [] } }
export const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000)

/** An order of one line confirmed by `owner`, its first (failed, no server here) send over. */
export async function confirmed(owner = '100001') {
  await addCartLines(owner, '100001', [
    { numArticle: '410102', libelleArticle: 'VL Production 22 % vrac', quantiteCommande: 12.5 },
  ])
  const id = await confirmOrder(owner, '100001', payload)
  // confirmOrder starts a send at once; with no server here it fails and backs off: let it end.
  await flushOutbox(owner)
  return id
}

/** Each test on its own empty database. */
export function freshOutboxDatabase() {
  beforeEach(async () => {
    await db.open()
  })
  afterEach(async () => {
    await db.delete()
  })
}
