// The orders this user confirmed on this device for a customer, with their lines: those not
// received yet (the outbox: waiting or being sent), and those received, with the moment they were
// (accepted rows stay in the outbox table). The lot screens and the advice count them as ordered
// until the server's own counts are newer than their receipt (ui/use-lots, ui/use-ordered-feeds),
// so a lot or a regular feed ordered from the barn reads as covered at once, not "En retard" or
// "À commander" until the signal returns.
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from './db'

interface DeviceOrderLine {
  numLot: string | null
  numArticle: string
  numAdresse: number | null
  tonnes: number
  /** The delivery asked for (the window's first day), if the line has one. */
  jour: string | null
}

export interface DeviceOrder {
  id: string
  /** When the cooperative received it (ms); null while it waits on the device. */
  receivedAt: number | null
  lignes: DeviceOrderLine[]
}

async function deviceOrders(owner: string, numTiers: string): Promise<DeviceOrder[]> {
  const rows = await db.outbox.where('[owner+numTiers]').equals([owner, numTiers]).toArray()
  const orders: DeviceOrder[] = []
  for (const r of rows) {
    if ((r.kind ?? 'commande') !== 'commande' || !('commande' in r.payload)) continue
    if (r.status === 'rejected') continue
    const lignes = r.payload.commande.lignes.map((l) => ({
      numLot: l.numLot ?? null,
      numArticle: l.numArticle,
      numAdresse: l.numAdresse === null || l.numAdresse === undefined ? null : Number(l.numAdresse),
      tonnes: l.quantiteCommande ?? 0,
      jour: l.datePrevueLivraison ?? null,
    }))
    if (lignes.length === 0) continue
    const receivedAt = r.status === 'accepted' ? Date.parse(r.sentAt ?? '') || 0 : null
    orders.push({ id: r.id, receivedAt, lignes })
  }
  return orders
}

/** The same, live (undefined while read). */
export const useDeviceOrders = (owner: string, numTiers: string) =>
  useLiveQuery(() => deviceOrders(owner, numTiers), [owner, numTiers])
