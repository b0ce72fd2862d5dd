// One person at a time on a shared device (issue 25, item 1). While a user is the device's owner
// their rows are in clear (the app must read them offline). When another person comes — a sign-in
// as someone else, or the device found without a session — every other user's unsent work (cart
// lines, cart header, outbox) is encrypted with that user's seal key into one sealed row, the rows
// in clear go, and so does the key: nothing of them is readable any more, by the app or anyone,
// and nothing is lost. Their next sign-in here brings the key back (GET /web/user/me): their rows
// come back as they were, and what waited in the outbox leaves. Recent deliveries and the members'
// snapshots for no signal are copies of the server's: they are dropped, not sealed.
import * as v from 'valibot'
import { ownerAtStart } from '../api/device-owner'
import { dropOthersCopies } from '../api/others-copies'
import { restoreCartLines } from './cart'
import { flushOutbox } from './outbox-flusher'
import { dropSnapshots } from './snapshot'
import { db, type CartHeaderRow, type CartLineRow, type OutboxRow, type SealedRow } from './db'

interface Unsent {
  owner: string
  cartLines: CartLineRow[]
  cartHeaders: CartHeaderRow[]
  outbox: OutboxRow[]
}

/** One of the rows sealOwner wrote: AES-GCM's tag proves the JSON is the one this app sealed under
 * the user's key, so its keys are checked and the rest comes back as it was written (a cart line
 * is parsed again on read, as any: src/offline/cart.ts). */
function sealedRow<T>(keys: v.ObjectEntries) {
  const shape = v.looseObject(keys)
  return v.custom<T>((input) => v.is(shape, input))
}

/** What a sealed row holds once opened: checked before anything goes back into the tables. */
const Opened = v.object({
  owner: v.string(),
  cartLines: v.array(sealedRow<CartLineRow>({ owner: v.string(), numTiers: v.string(), idLigne: v.string() })),
  cartHeaders: v.array(sealedRow<CartHeaderRow>({ owner: v.string(), numTiers: v.string() })),
  outbox: v.array(sealedRow<OutboxRow>({ id: v.string(), owner: v.string(), numTiers: v.string() })),
})

const subtle = () => globalThis.crypto?.subtle

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const fromBase64Url = (text: string) => fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'))

async function aesKey(cle: string): Promise<CryptoKey> {
  return subtle()!.importKey('raw', fromBase64Url(cle), 'AES-GCM', false, ['encrypt', 'decrypt'])
}

async function unsentOf(owner: string): Promise<Unsent> {
  return db.transaction('r', [db.cartLines, db.cartHeaders, db.outbox], async () => ({
    owner,
    cartLines: await db.cartLines.where('[owner+numTiers]').between([owner, ''], [owner, '\uffff']).toArray(),
    cartHeaders: await db.cartHeaders.where('[owner+numTiers]').between([owner, ''], [owner, '\uffff']).toArray(),
    outbox: await db.outbox.where('[owner+numTiers]').between([owner, ''], [owner, '\uffff']).toArray(),
  }))
}

const unsentOrders = (rows: readonly OutboxRow[]) =>
  rows.filter((r) => (r.kind ?? 'commande') === 'commande' && r.status !== 'accepted').length

/** Seals `owner`'s unsent work with their key, then erases it and the key. */
async function sealOwner(owner: string, cle: string): Promise<void> {
  const unsent = await unsentOf(owner)
  const empty = unsent.cartLines.length + unsent.cartHeaders.length + unsent.outbox.length === 0
  let sealed: SealedRow | null = null
  if (!empty) {
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
    const plain = new TextEncoder().encode(JSON.stringify(unsent))
    const data = new Uint8Array(await subtle()!.encrypt({ name: 'AES-GCM', iv }, await aesKey(cle), plain))
    sealed = {
      id: globalThis.crypto.randomUUID(),
      sealedAt: new Date().toISOString(),
      commandes: unsentOrders(unsent.outbox),
      iv: toBase64(iv),
      data: toBase64(data),
    }
  }
  // One transaction: the sealed row is there exactly when the rows in clear are gone. Only the rows
  // read above go (keys, not a range): a row written meanwhile stays, to be sealed next time.
  await db.transaction(
    'rw',
    [db.cartLines, db.cartHeaders, db.outbox, db.deliveries, db.sealed, db.sealKeys],
    async () => {
      if (sealed) await db.sealed.add(sealed)
      await db.cartLines.bulkDelete(
        unsent.cartLines.map((r): [string, string, string] => [r.owner, r.numTiers, r.idLigne]),
      )
      await db.cartHeaders.bulkDelete(unsent.cartHeaders.map((r): [string, string] => [r.owner, r.numTiers]))
      await db.outbox.bulkDelete(unsent.outbox.map((r) => r.id))
      await db.deliveries.where('[owner+numTiers]').between([owner, ''], [owner, '\uffff']).delete()
      await db.sealKeys.delete(owner)
    },
  )
}

/** Seals every user's work but `keep`'s (null: everyone's), and drops their copies. */
async function sealAllBut(keep: string | null): Promise<void> {
  if (!subtle()) return // no Web Crypto (not a secure context): rows stay, never shown to another
  const keys = await db.sealKeys.toArray()
  for (const { owner, cle } of keys) if (owner !== keep) await sealOwner(owner, cle)
  // Deliveries are a copy of the server's: whoever they were for, only the owner's stay.
  const others = await db.deliveries.filter((r) => r.owner !== keep).primaryKeys()
  await db.deliveries.bulkDelete(others)
}

/** The row opened by one of keys, or null (another user's: none of them opens it). */
async function openSealed(row: SealedRow, keys: readonly CryptoKey[]): Promise<v.InferOutput<typeof Opened> | null> {
  for (const key of keys) {
    try {
      const plain = await subtle()!.decrypt({ name: 'AES-GCM', iv: fromBase64(row.iv) }, key, fromBase64(row.data))
      return v.parse(Opened, JSON.parse(new TextDecoder().decode(plain)))
    } catch {
      // not this key
    }
  }
  return null
}

/**
 * Opens the sealed rows these keys open (the user's seal key, and those from before a rotation of
 * the server's keys) and puts their rows back. Returns the outbox items restored.
 */
async function unsealFor(owner: string, cles: readonly string[]): Promise<number> {
  const keys = await Promise.all(cles.map(aesKey))
  let restored = 0
  for (const row of await db.sealed.toArray()) {
    const opened = await openSealed(row, keys)
    if (!opened) continue
    if (opened.owner !== owner) continue
    await db.transaction('rw', [db.cartLines, db.cartHeaders, db.outbox, db.sealed], async () => {
      // Another tab opened it meanwhile: it is back already, once.
      if (!(await db.sealed.get(row.id))) return
      // Put back only what is not there: a line or item written since keeps its own version.
      for (const row of opened.cartLines)
        if (!(await db.cartLines.get([row.owner, row.numTiers, row.idLigne]))) await db.cartLines.add(row)
        else await restoreCartLines(row.owner, row.numTiers, [row.line], new Date()) // its number was taken since
      for (const header of opened.cartHeaders)
        if (!(await db.cartHeaders.get([header.owner, header.numTiers]))) await db.cartHeaders.add(header)
      for (const item of opened.outbox)
        if (!(await db.outbox.get(item.id))) {
          // A try cut short by the sealing is tried again.
          await db.outbox.add(item.status === 'sending' ? { ...item, status: 'pending' } : item)
          restored++
        }
      await db.sealed.delete(row.id)
    })
  }
  return restored
}

/**
 * `owner` is the signed-in user (their seal key from GET /web/user/me): every other user's work is
 * sealed and their copies dropped; theirs, if sealed here before, comes back. Returns how many
 * outbox items came back (the caller sends them).
 */
export async function adoptOwner(owner: string, cle: string, previous: readonly string[] = []): Promise<number> {
  if (!subtle() || !cle) return 0
  await db.sealKeys.put({ owner, cle }) // what is sealed from now on is sealed with the current key
  await sealAllBut(owner)
  await dropOthersCopies(ownerAtStart())
  await dropSnapshots(ownerAtStart())
  return unsealFor(owner, [cle, ...previous])
}

/** adoptOwner, then what came back leaves (the page's flusher may not run again soon). */
export async function adoptAndSend(owner: string, cle: string, previous: readonly string[] = []): Promise<void> {
  if ((await adoptOwner(owner, cle, previous)) > 0) await flushOutbox(owner)
}

/** Nobody is signed in on this device (the sign-in page, a sign-out): everyone's work is sealed. */
export async function sealEveryone(): Promise<void> {
  await sealAllBut(null)
  await dropOthersCopies(null)
  await dropSnapshots(null)
}

/** Orders sealed on this device, waiting for their user to sign in here again. */
export async function sealedOrders(): Promise<number> {
  return (await db.sealed.toArray()).reduce((n, r) => n + r.commandes, 0)
}

/** "Déconnexion": the cart is abandoned (the farmer said so), the rest sealed (see above). */
export async function signOutDevice(): Promise<{ keptUnsent: number }> {
  await db.transaction('rw', [db.cartLines, db.cartHeaders], () =>
    Promise.all([db.cartLines.clear(), db.cartHeaders.clear()]),
  )
  await sealEveryone()
  return { keptUnsent: await sealedOrders() }
}
