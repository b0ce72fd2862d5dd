// @vitest-environment jsdom
// The sign-in page says "Des commandes d'un autre utilisateur attendent" (issue 25) — never to the
// person who has just signed out about their own orders (issue 43, item 11). On fake-indexeddb and
// Node's Web Crypto, the steps as the app runs them: sign-out.ts around signOutDevice, the sign-in
// page's sealAtSignIn, device-adoption.ts at the next sign-in.
import 'fake-indexeddb/auto'
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { db } from '../../src/offline/db'
import { forgetLeaver, othersSealedOrders, rememberLeaver, sealedIds } from '../../src/offline/last-leaver'
import { adoptOwner, sealEveryone, signOutDevice } from '../../src/offline/seal'

const keys = { '100001': randomBytes(32).toString('base64url'), '100002': randomBytes(32).toString('base64url') }

/** An order of `owner` waiting in the outbox (as confirmOrder writes it). */
const orderOf = (owner: string) =>
  db.outbox.add({
    id: `commande-de-${owner}`,
    owner,
    numTiers: owner,
    kind: 'commande',
    status: 'pending',
    createdAt: new Date().toISOString(),
    payload: { numTiers: owner, commande: { commentaire: '', lignes: [] } },
    attempts: 0,
  })

/** A sign-in here: the device adopts the user, the last leaver is forgotten. */
async function signInAs(owner: keyof typeof keys) {
  await adoptOwner(owner, keys[owner])
  forgetLeaver()
}

/** "Déconnexion", as src/app/ui/shell/sign-out.ts does it. */
async function signOut() {
  const before = await sealedIds()
  await signOutDevice()
  await rememberLeaver(before)
}

beforeEach(async () => {
  localStorage.clear()
  await db.open()
})
afterEach(async () => {
  await db.delete()
})

describe('orders waiting for another user', () => {
  it('are not the own orders of the person who has just signed out, but are to the next one who leaves', async () => {
    await signInAs('100001')
    await orderOf('100001')
    await signOut() // without network: the order waits, sealed
    await sealEveryone() // the sign-in page
    expect(await othersSealedOrders()).toBe(0)

    await signInAs('100002')
    await signOut()
    await sealEveryone()
    expect(await othersSealedOrders()).toBe(1) // 100001's, to 100002 and whoever comes next
  })

  it('left without a sign-out (the session ended), they are another user’s to whoever comes', async () => {
    await signInAs('100001')
    await orderOf('100001')
    await signOut()
    await signInAs('100002')
    await orderOf('100002')
    await sealEveryone() // 100002's session ended; the sign-in page seals what was left in clear
    expect(await othersSealedOrders()).toBe(2)
  })
})
