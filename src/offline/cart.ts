// The cart in Dexie (ARCHITECTURE: "Write a cart line … → src/offline cart"): this module alone
// reads and writes the cart tables (lines, their numbering, the header); the outbox takes the
// cart with an order and puts a refused order's lines back through it.
import * as v from 'valibot'
import { EnTetePanier, LignePanier } from '../contract/panier'
import { replaceEditedLine, setMixing } from '../domain/cart'
import type { CommentairesPanier } from '../domain/submission'
import type { CartLine } from '../domain/types'
import { db, type CartHeader, type CartLineRow, type LastDelivery } from './db'

export type { LastDelivery }

// What is read back is parsed, not trusted: a row another version of Silo wrote may no longer
// have the cart line's shape. Such a row is kept where it is (never dropped: it still holds its
// number, and only a person may give up a line), left out of the cart, and reported.
const Ligne = v.object({ owner: v.string(), numTiers: v.string(), idLigne: v.string(), line: LignePanier })
const reported = new Set<string>()
function readable(rows: readonly CartLineRow[]): CartLine[] {
  const lines: CartLine[] = []
  for (const row of rows) {
    // The row's key is the line's number, whatever the line says.
    const parsed = v.safeParse(Ligne, { ...row, line: { ...row.line, idLigne: row.idLigne } })
    if (parsed.success) {
      lines.push(parsed.output.line)
      continue
    }
    const key = `${row.owner}/${row.numTiers}/${row.idLigne}`
    if (!reported.has(key))
      console.error(`Ligne de panier illisible, gardée sur cet appareil : ${key} (${v.summarize(parsed.issues)})`)
    reported.add(key)
  }
  return lines
}

const cartRows = (owner: string, numTiers: string) => db.cartLines.where('[owner+numTiers]').equals([owner, numTiers])

/** The header as stored, or an empty one (none yet, or one an older Silo wrote differently). */
async function readHeader(owner: string, numTiers: string): Promise<CartHeader> {
  const row = await db.cartHeaders.get([owner, numTiers])
  const parsed = v.safeParse(EnTetePanier, row?.header)
  return parsed.success ? parsed.output : {}
}

/** Changes the header in one transaction, leaving what `change` does not touch as it is. */
function changeHeader(owner: string, numTiers: string, change: (header: CartHeader) => CartHeader): Promise<void> {
  return db.transaction('rw', db.cartHeaders, async () => {
    await db.cartHeaders.put({
      owner,
      numTiers,
      header: change(await readHeader(owner, numTiers)),
      updatedAt: new Date().toISOString(),
    })
  })
}

const pad3 = (n: number) => String(n).padStart(3, '0')

/**
 * Writes lines at the end of the cart under the next numbers of its 3-digit zero-padded sequence
 * (after every row there, readable or not). Call within a read-write transaction on cartLines.
 */
async function appendLines(
  owner: string,
  numTiers: string,
  lines: readonly Omit<CartLine, 'idLigne'>[],
  updatedAt: string,
): Promise<CartLine[]> {
  const existing = await cartRows(owner, numTiers).primaryKeys()
  let next = existing.reduce((max, key) => Math.max(max, Number(key[2]) || 0), 0) + 1
  const added = lines.map((l) => ({ ...l, idLigne: pad3(next++) }))
  await db.cartLines.bulkAdd(added.map((line) => ({ owner, numTiers, idLigne: line.idLigne, line, updatedAt })))
  return added
}

/**
 * Adds lines to the cart of this user for this customer and returns them with their idLigne.
 * One read-write transaction: two tabs adding at once cannot get the same number. Works offline.
 */
export async function addCartLines(
  owner: string,
  numTiers: string,
  lines: readonly Omit<CartLine, 'idLigne'>[],
): Promise<CartLine[]> {
  return db.transaction('rw', db.cartLines, () => appendLines(owner, numTiers, lines, new Date().toISOString()))
}

/** A refused order's lines back at the end of the cart, numbered after what is there. Call within a read-write transaction on cartLines. */
export async function restoreCartLines(
  owner: string,
  numTiers: string,
  lines: readonly CartLine[],
  at: Date,
): Promise<void> {
  if (lines.length > 0) await appendLines(owner, numTiers, lines, at.toISOString())
}

/**
 * The cart leaves with the order: its readable lines are returned and removed, its comments
 * cleared (the last dates chosen stay as defaults). Unreadable rows stay. Call within a read-write
 * transaction on cartLines and cartHeaders.
 */
export async function takeCart(owner: string, numTiers: string): Promise<CartLine[]> {
  const lines = readable(await cartRows(owner, numTiers).sortBy('idLigne'))
  await db.cartLines.bulkDelete(lines.map((l): [string, string, string] => [owner, numTiers, l.idLigne]))
  if (await db.cartHeaders.get([owner, numTiers]))
    await changeHeader(owner, numTiers, ({ commentaires: _sent, ...header }) => header)
  return lines
}

/** Every row this device holds for this cart, readable or not: what a logout would erase. */
export function countCartRows(owner: string, numTiers: string): Promise<number> {
  return cartRows(owner, numTiers).count()
}

/** The cart's lines of this user for this customer, in idLigne order (checks across lines). */
export async function readCartLines(owner: string, numTiers: string): Promise<CartLine[]> {
  return readable(await cartRows(owner, numTiers).sortBy('idLigne'))
}

/** One line of the cart, or null (the form opened for a line another tab removed). */
export async function readCartLine(owner: string, numTiers: string, idLigne: string): Promise<CartLine | null> {
  const row = await db.cartLines.get([owner, numTiers, idLigne])
  return row ? (readable([row])[0] ?? null) : null
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

/** Remembers the last dates and slots chosen in the cart header, leaving its comments as they are. */
export function saveLastDelivery(owner: string, numTiers: string, last: LastDelivery): Promise<void> {
  return changeHeader(owner, numTiers, (header) => ({ ...header, lastDelivery: { ...last } }))
}

export async function readLastDelivery(owner: string, numTiers: string): Promise<LastDelivery | null> {
  return (await readHeader(owner, numTiers)).lastDelivery ?? null
}

/** Removes every readable line of this cart and its logistic comment; the next line's defaults stay. */
export async function emptyCart(owner: string, numTiers: string): Promise<void> {
  await db.transaction('rw', db.cartLines, db.cartHeaders, () => takeCart(owner, numTiers))
}

/**
 * The cart header comments (predefined labels → checked, free text under 'libre'), merged into
 * the header row: lastDelivery and anything else there is kept. Dexie only, so offline too.
 */
export function saveCartComments(owner: string, numTiers: string, commentaires: CommentairesPanier): Promise<void> {
  return changeHeader(owner, numTiers, (header) => ({ ...header, commentaires: { ...commentaires } }))
}

export async function readCartComments(owner: string, numTiers: string): Promise<CommentairesPanier> {
  return (await readHeader(owner, numTiers)).commentaires ?? {}
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
    await putLines(
      owner,
      numTiers,
      next.filter((l, i) => l !== lines[i]),
    )
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
    await putLines(
      owner,
      numTiers,
      next.filter((l, i) => l.melangeDechargement !== lines[i]?.melangeDechargement),
    )
  })
}
