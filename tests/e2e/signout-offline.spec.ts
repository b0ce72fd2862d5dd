// Issue 25, item 2: "Déconnexion" without network signs out on the device at once, every
// reopening shows the sign-in page while the server has not been told, and the session ends on
// the server as soon as the network is back (the old cookie then gets 401).
import { request as httpRequest, type Page } from '@playwright/test'
import { SIGNED_OUT_COOKIE } from '../../src/contract/session'
import { expect, serverURL, test } from './network-switch'
import { confirmOrderOffline, signIn, waitForServiceWorker } from './support'

test('sign-out with the network cut: the sign-in page now and on reopening; once back, the old session is refused', async ({
  page,
  context,
  network,
}) => {
  await signIn(page, '100001')
  await waitForServiceWorker(page)
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  const session = (await context.cookies()).find((c) => c.name === 'silo_session')
  expect(session).toBeDefined()

  network.cut()
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  // The device waits to tell the server; the session cookie is still there meanwhile.
  const cookies = await context.cookies()
  expect(cookies.some((c) => c.name === SIGNED_OUT_COOKIE)).toBe(true)
  expect(cookies.some((c) => c.name === 'silo_session')).toBe(true)

  // Reopening Silo, still without network (the service worker serves the app): the sign-in page.
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  await expect(page.getByText('GAEC DES TROIS CHÊNES')).toHaveCount(0)
  const other = await context.newPage()
  await other.goto('/catalog/order_history')
  await expect(other).toHaveURL(/\/login/)
  await expect(other.getByRole('heading', { name: 'Historique' })).toHaveCount(0)
  await other.close()

  // The network is back: the app tells the server (its probe finds the server again within 10 s).
  network.restore()
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === SIGNED_OUT_COOKIE), { timeout: 30_000 })
    .toBe(false)
  const server = await httpRequest.newContext({ baseURL: serverURL })
  try {
    const me = await server.get('/web/user/me', { headers: { Cookie: `silo_session=${session!.value}` } })
    expect(me.status()).toBe(401)
  } finally {
    await server.dispose()
  }
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  expect(network.attemptsWhileCut).toBeGreaterThan(0)
})

test('back online before the app told the server: the first request carrying the session ends it', async ({
  page,
  context,
  network,
}) => {
  await signIn(page, '100001')
  await waitForServiceWorker(page)
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  const session = (await context.cookies()).find((c) => c.name === 'silo_session')!
  network.cut()
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.close()

  // Silo closed; the network comes back; the next thing the browser sends, a visit that no
  // service worker answers, reaches the server first.
  network.restore()
  const res = await context.request.get('/web/user/me')
  expect(res.status()).toBe(401)
  const server = await httpRequest.newContext({ baseURL: serverURL })
  try {
    expect((await server.get('/web/user/me', { headers: { Cookie: `silo_session=${session.value}` } })).status()).toBe(
      401,
    )
  } finally {
    await server.dispose()
  }
  expect((await context.cookies()).some((c) => c.name === SIGNED_OUT_COOKIE)).toBe(false)
})

/** How many sealed rows (someone's unsent work) this device holds. */
const sealedRows = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const req = open.result.transaction('sealed').objectStore('sealed').count()
          req.onsuccess = () => (open.result.close(), resolve(req.result))
          req.onerror = () => reject(req.error)
        }
        open.onerror = () => reject(open.error)
      }),
  )

test('signed out offline with an order waiting: not "another user’s" to them, but to the next one who leaves (issue 43)', async ({
  page,
  network,
}) => {
  test.slow() // an order confirmed offline, two sign-outs
  await confirmOrderOffline(page, network) // 100001, the network cut, the order waiting
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await page
    .getByRole('alertdialog', { name: 'Envois en attente' })
    .getByRole('button', { name: 'Me déconnecter quand même' })
    .click()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  const others = page.getByRole('status').filter({ hasText: "Des commandes d'un autre utilisateur" })
  // The order is sealed on the device, for 100001's next sign-in here; the page has looked.
  await expect.poll(() => sealedRows(page)).toBe(1)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await expect(others).toHaveCount(0)

  // Back online (the order waits for 100001): 100002 signs in, then out. 100001's order is another
  // user's to them.
  network.hold(/^POST \/web\/v1\/tiers\/\d+\/commandes$/)
  network.restore()
  await signIn(page, '100002')
  await expect(page.getByRole('banner')).toContainText('EARL AVICOLE DE KERBRAT', { timeout: 30_000 })
  // The device is 100002's now (it forgets who left before).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('silo-dernier-depart'))).toBeNull()
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(others).toHaveText("Des commandes d'un autre utilisateur attendent sur cet appareil")
  network.hold(null)
})
