import { expect, request as httpRequest, type Page } from '@playwright/test'
import type { NetworkSwitch } from './network-switch'
import { TWO_LINES } from './cart-lines'

/**
 * Signs in by the API, for the tests whose subject is not the sign-in: the JSON sign-in the app's
 * refresh path uses sets the session cookie in the page's own context (page.request shares its
 * cookies and its baseURL, a proxy's included), then the page opens `redirectFrom` — where the
 * sign-in page would have sent it, without loading that page and typing into it.
 */
export async function signIn(page: Page, username: string, password = 'demo', redirectFrom = '/') {
  const res = await page.request.post('/security/login', { data: { username, password } })
  expect(res.ok(), `sign-in of ${username}: ${res.status()} ${await res.text()}`).toBe(true)
  await page.goto(redirectFrom)
}

/** The customer's current orders as the server holds them, read with the page's own session.
 * maxRetries: the API context may reuse a keep-alive connection the server is closing at that very
 * instant (ECONNRESET, seen once in CI); a read is safe to send again. */
export async function currentOrders(
  page: Page,
  numTiers = '100001',
): Promise<{ numero: string; lignes: { codeReglement: string | null }[] }[]> {
  const res = await page.request.get(`/web/v1/tiers/${numTiers}/commandes/commandes-en-cours`, {
    headers: { 'Cache-Control': 'no-cache' },
    maxRetries: 2,
  })
  expect(res.status()).toBe(200)
  return res.json()
}

/** Signs in through the server's own sign-in page, as a person would (the sign-in under test). */
export async function signInWithForm(page: Page, username: string, password = 'demo', redirectFrom = '/') {
  await page.goto(`/security/login?redirectFrom=${encodeURIComponent(redirectFrom)}`)
  await page.getByLabel('Identifiant (numéro de tiers)').fill(username)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/security/'))
}

/** Waits until the service worker controls the page (it claims the page on its first install). */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      return Boolean(reg?.active)
    },
    undefined,
    { timeout: 30_000 },
  )
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload()
  }
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 })
    .toBe(true)
}

/** Replaces farmer 100001's cart (lines and header) in IndexedDB 'silo' with these lines, as the app stores them. */
export async function writeCart(
  page: Page,
  lines: readonly (Record<string, unknown> & { idLigne: string })[],
  numTiers = '100001',
) {
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'silo')))
    .toBe(true)
  await page.evaluate(
    ({ lines, numTiers }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const tx = open.result.transaction(['cartLines', 'cartHeaders'], 'readwrite')
          const store = tx.objectStore('cartLines')
          store.clear()
          tx.objectStore('cartHeaders').clear()
          for (const line of lines) store.put({ owner: numTiers, numTiers, idLigne: line.idLigne, line, updatedAt: '' })
          tx.oncomplete = () => (open.result.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
        open.onerror = () => reject(open.error)
      }),
    { lines, numTiers },
  )
}

/** A farmer's orders in progress, as the server has them (the farmer signed in on its own, at `server`). */
export async function ordersInProgress(server: string, numTiers: string): Promise<string[]> {
  return (await ordersInProgressAsServed(server, numTiers)).map((c) => c.numero)
}

/** The same list, each order as the server serves it (to say in a failure which orders came). */
export async function ordersInProgressAsServed(server: string, numTiers: string): Promise<{ numero: string }[]> {
  const farmer = await httpRequest.newContext({ baseURL: server })
  try {
    const login = await farmer.post('/security/login', {
      data: { username: numTiers, password: 'demo' },
      headers: { Origin: server },
    })
    expect(login.status()).toBe(200)
    const res = await farmer.get(`/web/v1/tiers/${numTiers}/commandes/commandes-en-cours?limite=200`)
    expect(res.status()).toBe(200)
    return (await res.json()) as { numero: string }[]
  } finally {
    await farmer.dispose()
  }
}

/** Farmer 100001, on the installed app, confirms a two-line order with the network cut: it waits
 * in the outbox ("Envois en attente"), which is returned. The network stays cut. */
export async function confirmOrderOffline(page: Page, network: NetworkSwitch) {
  await signIn(page, '100001', 'demo', '/catalog/cart/view')
  await waitForServiceWorker(page)
  await writeCart(page, TWO_LINES)
  await page.goto('/catalog/cart/view')
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2)
  network.cut()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  await expect(waiting).toContainText(/Commande du/)
  return waiting
}

/** What this device keeps of the query cache and the members' snapshots, as text: the first
 * screen's copy (localStorage) and the snapshots for no signal (IndexedDB 'silo', snapshots, issue
 * 50: the per-article reads are answered from them), for every user. */
export function deviceCopies(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const local = Object.keys(localStorage)
      .filter((k) => k.startsWith('silo-query-cache:'))
      .map((k) => localStorage.getItem(k) ?? '')
    if (!(await indexedDB.databases()).some((d) => d.name === 'silo')) return local.join('\n')
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const open = indexedDB.open('silo')
      open.onsuccess = () => {
        const idb = open.result
        if (!idb.objectStoreNames.contains('snapshots')) return (idb.close(), resolve([]))
        const req = idb.transaction('snapshots').objectStore('snapshots').getAll()
        req.onsuccess = () => (idb.close(), resolve(req.result as unknown[]))
        req.onerror = () => (idb.close(), reject(req.error))
      }
      open.onerror = () => reject(open.error)
    })
    return [...local, ...rows.map((r) => JSON.stringify(r))].join('\n')
  })
}

/** Forgets every copy of the query cache this device keeps, and the snapshots (see deviceCopies). */
export function dropDeviceCopies(page: Page): Promise<void> {
  return page.evaluate(async () => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('silo-query-cache:')) localStorage.removeItem(k)
    if (!(await indexedDB.databases()).some((d) => d.name === 'silo')) return
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('silo')
      open.onsuccess = () => {
        const idb = open.result
        if (!idb.objectStoreNames.contains('snapshots')) return (idb.close(), resolve())
        const tx = idb.transaction('snapshots', 'readwrite')
        tx.objectStore('snapshots').clear()
        tx.oncomplete = () => (idb.close(), resolve())
        tx.onerror = () => (idb.close(), reject(tx.error))
      }
      open.onerror = () => reject(open.error)
    })
  })
}

/** Everything of this origin the app can read, as text: localStorage, every IndexedDB database,
 * every Cache Storage entry (its URL, and its body when it is text). */
export async function everythingReadable(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [JSON.stringify({ ...localStorage })]
    for (const info of await indexedDB.databases()) {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of Array.from(idb.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = idb.transaction(store).objectStore(store).getAll()
          req.onsuccess = () => resolve(req.result)
          req.onerror = () => reject(req.error)
        })
        parts.push(`${info.name}/${store}: ${JSON.stringify(rows)}`)
      }
      idb.close()
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const req of await cache.keys()) {
        parts.push(`${name}: ${req.url}`)
        const res = await cache.match(req)
        if (res && /json|text|javascript/.test(res.headers.get('content-type') ?? '')) parts.push(await res.text())
      }
    }
    return parts.join('\n')
  })
}

/** The app goes to the background and comes back (a phone's screen switched off and on): the page's
 * visibilityState as the browser would set it, with its events. */
export async function backToForeground(page: Page) {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }
  })
}
