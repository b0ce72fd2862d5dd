// The outbox seen from the shell (cart-orders-admin §5 "Commande invalide"; issue "Checkout"):
// an order confirmed offline that the cooperative refuses once the network is back puts its lines
// back in the cart and says why; an item left unsent for more than 72 hours warns the farmer.
import type { Browser, Page } from '@playwright/test'
import { expect, serverURL, test } from './network-switch'
import AxeBuilder from '@axe-core/playwright'
import { DateTime } from 'luxon'
import { formatDate } from '../../src/domain/format'
import { confirmOrderOffline, signIn, waitForServiceWorker } from './support'

const REFUSED_ARTICLE = '410104' // Correcteur azoté 40 % vrac, the second of TWO_LINES

/** Staff switch whether farmer 100001 may order an article, as the orderable-articles screen does. */
async function setOrderable(browser: Browser, baseURL: string, numArticle: string, artCommandable: boolean) {
  const staff = await browser.newContext({ baseURL })
  try {
    const page = await staff.newPage()
    await signIn(page, 'admin')
    // Staff act only for the member they chose (connect-as), as the screen's member selection does.
    expect(
      (
        await page.request.put('/web/user/me/tiers', { data: { numTiers: '100001' }, headers: { Origin: baseURL } })
      ).status(),
    ).toBe(200)
    const res = await page.request.patch(`/web/v1/articles/${numArticle}?numTiers=100001`, {
      data: { artCommandable },
      headers: { Origin: baseURL },
    })
    expect(res.status()).toBe(200)
  } finally {
    await staff.close()
  }
}

async function unsentCount(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').count()
          req.onsuccess = () => (open.result.close(), resolve(req.result))
          req.onerror = () => reject(req.error)
        }
        open.onerror = () => reject(open.error)
      }),
  )
}

test('an order confirmed offline and refused once back online returns to the cart with the reason', async ({
  page,
  browser,
  network,
}) => {
  const waiting = await confirmOrderOffline(page, network)
  await expect(waiting).toContainText(/Commande du \w+ \d{2}\/\d{2} – 2 lignes/)

  // Meanwhile, the cooperative stops this article for the farmer.
  await setOrderable(browser, serverURL, REFUSED_ARTICLE, false)
  try {
    network.restore()
    const dialog = page.getByRole('alertdialog', { name: 'Commande invalide' })
    await expect(dialog).toBeVisible({ timeout: 20_000 })
    await expect(dialog.getByText('Veuillez corriger votre panier')).toBeVisible()
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Correcteur azoté 40 % vrac' })).toContainText(
      'Article non commandable',
    )
    // Refused is never shown as received.
    await expect(page.getByText(/a bien été enregistrée/)).toHaveCount(0)

    await dialog.getByRole('button', { name: 'Corriger mon panier' }).click()
    await expect(page.getByRole('heading', { name: 'Mon panier' })).toBeVisible()
    await expect(page.getByText('VL Production 18 % vrac')).toBeVisible()
    await expect(page.getByText('Correcteur azoté 40 % vrac')).toBeVisible()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    expect(await unsentCount(page)).toBe(0)
  } finally {
    await setOrderable(browser, serverURL, REFUSED_ARTICLE, true)
  }
})

test('an item waiting for more than 72 hours says since when and asks for a network', async ({ page, network }) => {
  await signIn(page, '100001')
  await waitForServiceWorker(page)
  network.cut()
  const since = DateTime.now().minus({ days: 4 })
  // Left by a confirmation four days ago, never sent (no network since).
  await page.evaluate(
    (createdAt) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite')
          const payload = { numTiers: '100001', commande: { commentaire: '', lignes: [{}, {}] } }
          tx.objectStore('outbox').put({
            id: crypto.randomUUID(),
            owner: '100001',
            numTiers: '100001',
            kind: 'commande',
            status: 'pending',
            createdAt,
            payload,
            attempts: 3,
            cartLines: [],
          })
          tx.oncomplete = () => (open.result.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
        open.onerror = () => reject(open.error)
      }),
    since.toUTC().toISO()!,
  )
  await page.reload()
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  const day = formatDate(since.setZone('Europe/Paris')).slice(0, -5)
  await expect(waiting).toContainText(
    `Commande du ${day} – 2 lignes, depuis le ${since.setZone('Europe/Paris').toFormat('dd/MM/yyyy à HH:mm')}`,
  )
  await expect(waiting).toContainText('Plus de 72 heures sans réseau')
  await expect(waiting.getByRole('button', { name: "Réessayer l'envoi" })).toBeVisible()
})

test('only the survey waiting: it reads as "Votre avis", never as an order not received, in the banner and at logout', async ({
  page,
  network,
}) => {
  await signIn(page, '100001')
  await waitForServiceWorker(page)
  network.cut()
  await page.evaluate(
    (createdAt) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite')
          const payload = { numeroCommande: '123456', noteGlobale: 4, noteNavigation: 4, commentaire: '' }
          tx.objectStore('outbox').put({
            id: crypto.randomUUID(),
            owner: '100001',
            numTiers: '100001',
            kind: 'evaluation',
            status: 'pending',
            createdAt,
            payload,
            attempts: 1,
          })
          tx.oncomplete = () => (open.result.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
        open.onerror = () => reject(open.error)
      }),
    new Date().toISOString(),
  )
  await page.reload()
  const waiting = page.getByRole('region', { name: 'Avis en attente' })
  await expect(waiting).toContainText(/Pas encore envoyé :\s*Votre avis, depuis \d{2}:\d{2}/)
  await expect(waiting).toContainText('envoyé tout seul dès que le réseau revient')
  await expect(page.getByText(/reçu par la coopérative/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: "Réessayer l'envoi" })).toHaveCount(0)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  await page.getByRole('button', { name: 'Déconnexion' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Avis en attente' })
  await expect(ask).toContainText('Votre avis, depuis')
  await expect(ask).toContainText('cet envoi reste sur cet appareil et partira à votre prochaine connexion ici')
  await expect(ask.getByText(/commande/i)).toHaveCount(0)
  await ask.getByRole('button', { name: 'Rester connecté' }).click()
})
