// The orders this user confirmed on this device for a customer, with their lot lines: those not
// received yet (the outbox: waiting or being sent), and those received, with the moment they were
// (accepted rows stay in the outbox table). The lot screens and the advice count them as ordered
// until the server's own counts are newer than their receipt (ui/use-lots), so a lot ordered from
// the barn reads as covered at once, not "En retard" until the signal returns.
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from './db'

export interface DeviceOrder {
  id: string
  /** When the cooperative received it (ms); null while it waits on the device. */
  receivedAt: number | null
  lignes: { numLot: string; numArticle: string; tonnes: number }[]
}

async function deviceLotOrders(owner: string, numTiers: string): Promise<DeviceOrder[]> {
  const rows = await db.outbox.where('[owner+numTiers]').equals([owner, numTiers]).toArray()
  const orders: DeviceOrder[] = []
  for (const r of rows) {
    if ((r.kind ?? 'commande') !== 'commande' || !('commande' in r.payload)) continue
    if (r.status === 'rejected') continue
    const lignes = r.payload.commande.lignes
      .filter((l) => l.numLot)
      .map((l) => ({ numLot: l.numLot!, numArticle: l.numArticle, tonnes: l.quantiteCommande ?? 0 }))
    if (lignes.length === 0) continue
    const receivedAt = r.status === 'accepted' ? Date.parse(r.sentAt ?? '') || 0 : null
    orders.push({ id: r.id, receivedAt, lignes })
  }
  return orders
}

/** The same, live (undefined while read). */
export const useDeviceLotOrders = (owner: string, numTiers: string) =>
  useLiveQuery(() => deviceLotOrders(owner, numTiers), [owner, numTiers])
