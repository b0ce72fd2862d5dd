// One person at a time on a shared device (issue 25, item 1), on fake-indexeddb and Node's Web
// Crypto: when another person comes, the previous user's unsent work is sealed (nothing of it
// readable, nothing lost), and it comes back, ready to leave, when that user signs in again.
import 'fake-indexeddb/auto'
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addCartLines, readCartLines } from '../../src/offline/cart'
import { db } from '../../src/offline/db'
import { adoptOwner, sealedOrders, sealEveryone, signOutDevice } from '../../src/offline/seal'

const keyA = randomBytes(32).toString('base64url')
const keyB = randomBytes(32).toString('base64url')

/** 100001's cart line and an order waiting in the outbox (written as confirmOrder writes it). */
async function leftBy100001() {
  await addCartLines('100001', '100001', [
    { numArticle: '410102', libelleArticle: 'GAEC DES TROIS CHÊNES — VL Production', quantiteCommande: 12.5 },
  ])
  await db.outbox.add({
    id: 'commande-de-100001',
    owner: '100001',
    numTiers: '100001',
    kind: 'commande',
    status: 'sending',
    createdAt: new Date().toISOString(),
    payload: { numTiers: '100001', commande: { commentaire: 'GAEC DES TROIS CHÊNES', lignes: [] } },
    attempts: 1,
  })
  await db.deliveries.add({
    owner: '100001',
    numTiers: '100001',
    key: 'p1',
    delivery: { dateDebut: '2026-08-01', dateFin: '2026-10-31', lignes: [], fin: false, suite: null },
    savedAt: '',
  })
  // The member's snapshot for no signal (issue 50), under the user's tag.
  await db.snapshots.put({
    owner: 'TagOf100001',
    numTiers: '100001',
    format: 1,
    version: 'v1',
    genereLe: '2026-11-29T06:00:00+01:00',
    checkedAt: '2026-11-29T05:00:00.000Z',
    data: { numTiers: '100001', tiers: { raisonSociale: 'GAEC DES TROIS CHÊNES' } } as never,
  })
}

/** Every row of every table, as the app could read it. */
async function everything(): Promise<string> {
  const tables = await Promise.all(db.tables.map((t) => t.toArray()))
  return JSON.stringify(tables)
}

beforeEach(async () => {
  await db.open()
})
afterEach(async () => {
  await db.delete()
})

describe('a shared device', () => {
  it('another sign-in seals the previous user: nothing of them readable, their orders counted', async () => {
    await adoptOwner('100001', keyA)
    await leftBy100001()
    await adoptOwner('100002', keyB)
    const dump = await everything()
    expect(dump).not.toContain('100001')
    expect(dump).not.toContain('GAEC')
    expect(await db.sealed.count()).toBe(1)
    expect(await sealedOrders()).toBe(1)
    expect(await readCartLines('100001', '100001')).toEqual([])
  })

  it('the same user signing in again gets their cart and order back, the try cut short pending', async () => {
    await adoptOwner('100001', keyA)
    await leftBy100001()
    await adoptOwner('100002', keyB)
    expect(await adoptOwner('100001', keyA)).toBe(1)
    expect(await readCartLines('100001', '100001')).toMatchObject([{ numArticle: '410102', quantiteCommande: 12.5 }])
    expect(await db.outbox.get('commande-de-100001')).toMatchObject({ status: 'pending', attempts: 1 })
    expect(await db.sealed.count()).toBe(0)
    // 100002, meanwhile, was sealed in turn (they had nothing: no sealed row for them).
    expect(await sealedOrders()).toBe(0)
  })

  it("another user's key opens nothing, and a wrong key for the right name neither", async () => {
    await adoptOwner('100001', keyA)
    await leftBy100001()
    await sealEveryone()
    expect(await adoptOwner('100002', keyB)).toBe(0)
    expect(await adoptOwner('100001', keyB)).toBe(0)
    expect(await db.sealed.count()).toBe(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('with nobody signed in (the sign-in page), everyone is sealed and the keys are forgotten', async () => {
    await adoptOwner('100001', keyA)
    await leftBy100001()
    await sealEveryone()
    expect(await db.sealKeys.count()).toBe(0)
    expect(await everything()).not.toContain('100001')
    expect(await adoptOwner('100001', keyA)).toBe(1)
  })

  it('"Déconnexion" abandons the cart and seals the order', async () => {
    await adoptOwner('100001', keyA)
    await leftBy100001()
    expect(await signOutDevice()).toEqual({ keptUnsent: 1 })
    expect(await everything()).not.toContain('100001')
    await adoptOwner('100001', keyA)
    expect(await readCartLines('100001', '100001')).toEqual([])
    expect(await db.outbox.count()).toBe(1)
  })

  it('a sealed row never opens twice: two tabs adopting at once restore each item once', async () => {
    await adoptOwner('100001', keyA)
    await leftBy100001()
    await sealEveryone()
    await Promise.all([adoptOwner('100001', keyA), adoptOwner('100001', keyA)])
    expect(await db.outbox.count()).toBe(1)
    expect(await readCartLines('100001', '100001')).toHaveLength(1)
  })
})
