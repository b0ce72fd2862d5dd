// Issue 25, item 1: one farmer at a time on a shared device. 100001 leaves an order waiting and
// goes without signing out; the session ends; 100002 signs in on the same browser: nothing of
// 100001 on the page or anywhere the app can read (localStorage, IndexedDB — 100001's snapshot for
// no signal too, issue 50 —, Cache Storage), while
// the sign-in page said that someone's orders wait here. 100001 signs in again: the order leaves,
// once.
import { expect, serverURL, test } from './network-switch'
import {
  confirmOrderOffline,
  everythingReadable,
  deviceCopies,
  ordersInProgress,
  ordersInProgressAsServed,
  signIn,
  waitForServiceWorker,
} from './support'

const FIRST = { numTiers: '100001', traces: ['100001', 'GAEC', 'TROIS CH'] }
const ORDER_POST = /^POST \/web\/v1\/tiers\/\d+\/commandes$/

test('100001 leaves without signing out, 100002 signs in: nothing of 100001 is readable; 100001 back: the order leaves once', async ({
  page,
  context,
  network,
}) => {
  test.slow() // three sign-ins, an order confirmed offline and sent later
  const before = await ordersInProgress(serverURL, FIRST.numTiers)
  await confirmOrderOffline(page, network) // farmer 100001 (FIRST)
  // Visited online before, so the device holds 100001's history too.
  network.hold(ORDER_POST) // the order must not leave before 100001 is back
  network.restore()
  // 100001's snapshot for no signal is on the device (issue 50): 100002 must get nothing of it.
  await expect.poll(async () => (await deviceCopies(page)).includes('"numTiers":"100001"')).toBe(true)

  // 100001 walks away; the session ends without a sign-out (its cookies are gone).
  await context.clearCookies({ name: 'silo_session' })
  await context.clearCookies({ name: 'silo_proprietaire' })
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('status').filter({ hasText: 'Des commandes d' })).toHaveText(
    "Des commandes d'un autre utilisateur attendent sur cet appareil",
  )

  await signIn(page, '100002')
  await expect(page.getByRole('banner')).toContainText('EARL AVICOLE DE KERBRAT', { timeout: 30_000 })
  await expect(page.getByRole('main')).toBeVisible()
  await page.waitForTimeout(1500) // the query persister writes at most once a second
  const shown = await page.locator('body').innerText()
  const stored = await everythingReadable(page)
  for (const trace of FIRST.traces) {
    expect(shown).not.toContain(trace)
    expect(stored).not.toContain(trace)
  }
  // Offline too, reopening shows 100002 and nothing of 100001.
  network.cut()
  await page.reload()
  await expect(page.getByRole('banner')).toContainText('EARL AVICOLE DE KERBRAT', { timeout: 30_000 })
  for (const trace of FIRST.traces) expect(await page.locator('body').innerText()).not.toContain(trace)
  network.restore()

  // 100002 signs out; 100001 signs in again: the order comes back and leaves, once.
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login/)
  network.hold(null)
  await signIn(page, FIRST.numTiers)
  await expect(page.getByRole('banner')).toContainText('GAEC', { timeout: 30_000 })
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  await expect(waiting).toHaveCount(0, { timeout: 30_000 })
  await page.waitForTimeout(2000) // anything sent twice would have arrived by now
  const created = (await ordersInProgressAsServed(serverURL, FIRST.numTiers)).filter((c) => !before.includes(c.numero))
  // Seen once in CI: two new orders where the page had sent one key once (201). Say which came.
  expect(created, JSON.stringify(created)).toHaveLength(1)
})

test('with no session, opening Silo paints nothing of the last user, online or offline', async ({
  page,
  context,
  network,
}) => {
  await signIn(page, FIRST.numTiers)
  await waitForServiceWorker(page)
  await expect(page.getByRole('banner')).toContainText('GAEC', { timeout: 30_000 })
  await page.waitForTimeout(1500)
  await context.clearCookies({ name: 'silo_session' })
  await context.clearCookies({ name: 'silo_proprietaire' })
  network.cut()
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  for (const trace of FIRST.traces) expect(await page.locator('body').innerText()).not.toContain(trace)
  // The sign-in page seals and drops the previous copies as it opens (asynchronously).
  await expect.poll(() => page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('GAEC')
})
