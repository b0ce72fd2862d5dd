// Cart lines in Dexie (ARCHITECTURE: "Write a cart line … → src/offline cart"). The cart issue
// extends this module; the order-line form adds update, remove and the next line's defaults.
import { useLiveQuery } from 'dexie-react-hooks'
import { replaceEditedLine, setMixing } from '../domain/cart'
import type { CommentairesPanier } from '../domain/submission'
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

/** One line of the cart, or null (the form opened for a line another tab removed). */
export async function readCartLine(owner: string, numTiers: string, idLigne: string): Promise<CartLine | null> {
  const row = await db.cartLines.get([owner, numTiers, idLigne])
  return row ? (row.line as CartLine) : null
}

/**
 * Replaces a line, keeping its idLigne. Updating an unknown line (removed meanwhile in another
 * tab) is only logged (ordering-area §4) and returns false. Offline-safe: Dexie only.
 */
export async function updateCartLine(owner: string, numTiers: string, line: CartLine): Promise<boolean> {
  return db.transaction('rw', db.cartLines, async () => {
    const key: [string, string, string] = [owner, numTiers, line.idLigne]
    if (!(await db.cartLines.get(key))) {
      console.warn(`Ligne de panier inconnue : ${line.idLigne}`)
      return false
    }
    await db.cartLines.put({ owner, numTiers, idLigne: line.idLigne, line, updatedAt: new Date().toISOString() })
    return true
  })
}

/** Removes one line; removing a line already gone is not an error. */
export async function deleteCartLine(owner: string, numTiers: string, idLigne: string): Promise<void> {
  await db.cartLines.delete([owner, numTiers, idLigne])
}

/** The last dates and slots chosen: the next line's defaults (ordering-area §4 "Cart"). */
export interface LastDelivery {
  datePrevueLivraison: string | null
  finDatePrevueLivraison: string | null
  matinApmidi: string | null
  finMatinApmidi: string | null
}

type Header = Record<string, unknown> & { lastDelivery?: LastDelivery; commentaires?: CommentairesPanier }

/** Remembers them in the cart header row, leaving its other fields (the comment…) as they are. */
export async function saveLastDelivery(owner: string, numTiers: string, last: LastDelivery): Promise<void> {
  await db.transaction('rw', db.cartHeaders, async () => {
    const row = await db.cartHeaders.get([owner, numTiers])
    const header = (row?.header && typeof row.header === 'object' ? row.header : {}) as Header
    await db.cartHeaders.put({ owner, numTiers, header: { ...header, lastDelivery: { ...last } }, updatedAt: new Date().toISOString() })
  })
}

export async function readLastDelivery(owner: string, numTiers: string): Promise<LastDelivery | null> {
  const row = await db.cartHeaders.get([owner, numTiers])
  const header = (row?.header && typeof row.header === 'object' ? row.header : {}) as Header
  return header.lastDelivery ?? null
}

/**
 * The cart screen's lines, re-rendered on every change (this tab or another). undefined while
 * the first read runs: the screen must not say "empty" before it knows.
 */
export function useCartLines(owner: string, numTiers: string): CartLine[] | undefined {
  return useLiveQuery(() => readCartLines(owner, numTiers), [owner, numTiers])
}

/** Removes every line of this cart and its logistic comment; the next line's defaults stay. */
export async function emptyCart(owner: string, numTiers: string): Promise<void> {
  await db.transaction('rw', db.cartLines, db.cartHeaders, async () => {
    await db.cartLines.where('[owner+numTiers]').equals([owner, numTiers]).delete()
    const row = await db.cartHeaders.get([owner, numTiers])
    if (!row) return
    const { commentaires: _dropped, ...header } = (row.header && typeof row.header === 'object' ? row.header : {}) as Header
    await db.cartHeaders.put({ ...row, header, updatedAt: new Date().toISOString() })
  })
}

/**
 * The cart header comments (predefined labels → checked, free text under 'libre'), merged into
 * the header row: lastDelivery and anything else there is kept. Dexie only, so offline too.
 */
export async function saveCartComments(owner: string, numTiers: string, commentaires: CommentairesPanier): Promise<void> {
  await db.transaction('rw', db.cartHeaders, async () => {
    const row = await db.cartHeaders.get([owner, numTiers])
    const header = (row?.header && typeof row.header === 'object' ? row.header : {}) as Header
    await db.cartHeaders.put({ owner, numTiers, header: { ...header, commentaires: { ...commentaires } }, updatedAt: new Date().toISOString() })
  })
}

export async function readCartComments(owner: string, numTiers: string): Promise<CommentairesPanier> {
  const row = await db.cartHeaders.get([owner, numTiers])
  const header = (row?.header && typeof row.header === 'object' ? row.header : {}) as Header
  return header.commentaires && typeof header.commentaires === 'object' ? header.commentaires : {}
}

/** The comments, live; undefined while the first read runs. */
export function useCartComments(owner: string, numTiers: string): CommentairesPanier | undefined {
  return useLiveQuery(() => readCartComments(owner, numTiers), [owner, numTiers])
}

const putLines = (owner: string, numTiers: string, lines: readonly CartLine[]) => {
  const updatedAt = new Date().toISOString()
  return db.cartLines.bulkPut(lines.map((line) => ({ owner, numTiers, idLigne: line.idLigne, line, updatedAt })))
}

/**
 * 'Mélanger au déchargement' on this line and every line sharing its date and storage places
 * (src/domain setMixing), in one transaction: no tab ever sees half of the set flagged.
 */
export async function setCartMixing(owner: string, numTiers: string, idLigne: string, value: boolean): Promise<void> {
  await db.transaction('rw', db.cartLines, async () => {
    const lines = await readCartLines(owner, numTiers)
    const next = setMixing(lines, idLigne, value)
    await putLines(owner, numTiers, next.filter((l, i) => l !== lines[i]))
  })
}

/**
 * After a saved edit: the mixing flag is cleared on the edited line and on the lines that shared
 * its dates and places, before or after the edit (src/domain replaceEditedLine). `before` is the
 * line as it was when the form opened.
 */
export async function clearMixingAfterEdit(owner: string, numTiers: string, before: CartLine): Promise<void> {
  await db.transaction('rw', db.cartLines, async () => {
    const lines = await readCartLines(owner, numTiers)
    const edited = lines.find((l) => l.idLigne === before.idLigne)
    if (!edited) return
    const previous = lines.map((l) => (l.idLigne === before.idLigne ? before : l))
    const next = replaceEditedLine(previous, edited)
    await putLines(owner, numTiers, next.filter((l, i) => l.melangeDechargement !== lines[i]?.melangeDechargement))
  })
}

let persistAsked = false
/**
 * Asks the browser to keep this site's storage under pressure, once, at the first cart line: a
 * cart typed in a barn must not be evicted before it is sent. A refusal changes nothing else.
 */
export async function askPersistentStorage(): Promise<boolean> {
  if (persistAsked) return false
  persistAsked = true
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined
  if (!storage?.persist) return false
  try {
    return (await storage.persisted?.()) || (await storage.persist())
  } catch {
    return false
  }
}
