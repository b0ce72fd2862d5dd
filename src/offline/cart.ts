// Cart lines in Dexie (ARCHITECTURE: "Write a cart line … → src/offline cart"). The cart issue
// extends this module (update, remove, header defaults); here lines are only added.
import type { CartLine } from '../domain/types'
import { db } from './db'

const pad3 = (n: number) => String(n).padStart(3, '0')

/**
 * Adds lines to the cart of this user for this customer and returns them with their idLigne
 * (the next numbers of the 3-digit zero-padded sequence). One read-write transaction: two tabs
 * adding at once cannot get the same number. Works offline: nothing here needs the network.
 */
export async function addCartLines(owner: string, numTiers: string, lines: readonly Omit<CartLine, 'idLigne'>[]): Promise<CartLine[]> {
  return db.transaction('rw', db.cartLines, async () => {
    const existing = await db.cartLines.where('[owner+numTiers]').equals([owner, numTiers]).primaryKeys()
    let next = existing.reduce((max, key) => Math.max(max, Number(key[2]) || 0), 0) + 1
    const updatedAt = new Date().toISOString()
    const added = lines.map((l) => ({ ...l, idLigne: pad3(next++) }))
    await db.cartLines.bulkAdd(added.map((line) => ({ owner, numTiers, idLigne: line.idLigne, line, updatedAt })))
    return added
  })
}

/** The cart's lines of this user for this customer, in idLigne order (checks across lines). */
export async function readCartLines(owner: string, numTiers: string): Promise<CartLine[]> {
  const rows = await db.cartLines.where('[owner+numTiers]').equals([owner, numTiers]).sortBy('idLigne')
  return rows.map((r) => r.line as CartLine)
}
