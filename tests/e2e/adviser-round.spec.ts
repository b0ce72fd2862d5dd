// Issue 52: the adviser's round. On the tablet, the adviser ticks four members in the search and
// prepares the round on a slow link; the network is then cut for real. They switch between the four with no
// network — each member's screens show that member's data, with their name in the header — and
// confirm orders for three of them, which wait in the outbox. A fifth member, outside the round,
// cannot be chosen offline. The network comes back: each order is accepted once, for its own
// member, with the adviser as `personnel` in the ERP's feed.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { vl } from './cart-lines'
import { createApiKey, erp } from './erp-client'
import { expect, test } from './network-switch'
import { everythingReadable, signIn, waitForServiceWorker } from './support'

test.use({ viewport: { width: 1024, height: 768 } })

const ROUND = ['100001', '100002', '100100', '100107']
const OUTSIDE = '100114'
const ORDERED = ['100001', '100002', '100100']

/** No serious or critical axe violation on what is shown. */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
}

/** A cart of one line for this member, as the app stores the adviser's. */
async function writeMemberCart(page: Page, numTiers: string) {
  await page.evaluate(
    ({ line, numTiers }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const tx = open.result.transaction(['cartLines'], 'readwrite')
          tx.objectStore('cartLines').put({ owner: 'conseiller', numTiers, idLigne: line.idLigne, line, updatedAt: '' })
          tx.oncomplete = () => (open.result.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
        open.onerror = () => reject(open.error)
      }),
    { line: vl('001', { quantiteCommande: 7 }), numTiers },
  )
}

async function tick(page: Page, numTiers: string) {
  await page.getByLabel("Nom ou numéro d'adhérent").fill(numTiers)
  const row = page.getByRole('listitem').filter({ hasText: `N° ${numTiers}` })
  await row.getByRole('checkbox', { name: /à ma tournée$/ }).check()
}

/** "Changer de client", then the member of the round: no network needed. */
async function switchTo(page: Page, numTiers: string) {
  await page.goto('/catalog/order_history')
  if ((await page.getByRole('banner').innerText()).includes(numTiers)) return
  await page.getByRole('button', { name: 'Changer de client' }).click()
  const dialog = page.getByRole('dialog', { name: 'Changer de client' })
  await dialog.getByRole('button', { name: new RegExp(`N° ${numTiers}`) }).click()
  await expect(page.getByRole('banner')).toContainText(numTiers)
}

test('a round of four prepared on the tablet: switched and ordered for with no network, each order once for its member', async ({
  page,
  network,
}) => {
  const key = createApiKey()
  const client = erp(key)
  const { cursor } = await client.readAll('0')
  const refused: string[] = []
  page.on('response', (r) => r.status() === 403 && refused.push(r.url()))

  await signIn(page, 'conseiller')
  await waitForServiceWorker(page)
  for (const n of ROUND) await tick(page, n)
  const round = page.getByRole('region', { name: /Ma tournée/ })
  await expect(round).toContainText('4 / 15')
  // The round is prepared on a slow link (the page's network emulated by Chromium).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  })
  await round.getByRole('button', { name: 'Préparer ma tournée' }).click()
  await expect(round.getByText(/^Prêt hors connexion — données du/)).toHaveCount(4, { timeout: 60_000 })
  await accessible(page)
  const names = new Map<string, string>()
  for (const n of ROUND) {
    const text = await round
      .getByRole('listitem')
      .filter({ hasText: `N° ${n}` })
      .locator('span.font-semibold')
      .innerText()
    names.set(n, text.replace(/\s*\(N° \d+\)$/, '').trim())
  }
  await round
    .getByRole('listitem')
    .filter({ hasText: 'N° 100001' })
    .getByRole('button', { name: /^Agir pour/ })
    .click()
  await expect(page.getByRole('banner')).toContainText(names.get('100001')!)

  network.cut()
  // The app learns the cut from its own requests.
  await page.reload().catch(() => undefined)
  await expect(page.getByText(/^Hors connexion/).first()).toBeVisible({ timeout: 30_000 })

  for (const n of ROUND) {
    await switchTo(page, n)
    await expect(page.getByRole('banner')).toContainText(names.get(n)!)
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Aliments' }).click()
    await expect(page.getByRole('heading', { name: 'Aliments', level: 1 })).toBeVisible()
    await expect(page.getByText('Réseau indisponible')).toHaveCount(0)
    // The member's own order form, from their snapshot: an article of theirs, its form.
    await page
      .locator('main li')
      .getByRole('button', { name: /^Commander/ })
      .first()
      .click()
    const form = page.getByRole('dialog', { name: 'Ajouter au panier' })
    await expect(form.getByLabel('Quantité (t) *')).toBeVisible()
    await expect(form.getByText(/n'ont pas pu être chargé/)).toHaveCount(0)
    // Left without adding: the form asks whether to leave it.
    await page.keyboard.press('Escape')
    await form.getByRole('button', { name: 'Oui' }).click()
    await expect(form).toHaveCount(0)
    if (n === '100002') {
      await page.goto('/catalog/lots')
      await expect(page.getByText(/VL10233/).first()).toBeVisible()
    }
    if (n === '100001') {
      await page.goto('/catalog/contrats')
      await expect(page.getByRole('heading', { name: /Contrat/ }).first()).toBeVisible()
    }
    if (ORDERED.includes(n)) {
      await writeMemberCart(page, n)
      await page.goto('/catalog/cart/view')
      await expect(page.getByText(`Panier de ${names.get(n)} (N° ${n})`)).toBeVisible()
      await page.getByRole('button', { name: 'Etape suivante' }).click()
      await expect(page.getByLabel('Mode de règlement')).toHaveCount(1)
      await page.getByRole('button', { name: 'Confirmer la commande' }).click()
      await expect(page.getByRole('region', { name: 'Envois en attente' })).toContainText(names.get(n)!)
    }
  }

  // A member outside the round cannot be chosen with no network, and the adviser is told why.
  await page.getByRole('button', { name: 'Changer de client' }).click()
  const dialog = page.getByRole('dialog', { name: 'Changer de client' })
  await expect(dialog).toContainText('Un adhérent hors de votre tournée ne peut pas être choisi sans réseau')
  await expect(dialog.getByRole('button', { name: /Autre adhérent/ })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: new RegExp(`N° ${OUTSIDE}`) })).toHaveCount(0)
  await accessible(page)
  await dialog.getByRole('button', { name: 'Continuer pour ce client' }).click()

  network.restore()
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  await expect(waiting).toHaveCount(0, { timeout: 60_000 })
  await page.waitForTimeout(2000) // anything sent twice would have arrived by now
  const { seen } = await client.readAll(cursor)
  const mine = seen.filter((c) => c.personnel?.username === 'conseiller')
  expect(mine.map((c) => c.tiers.numTiers).sort()).toEqual(ORDERED)
  expect(refused).toEqual([])
})

test('the adviser signs out, a farmer signs in on the same browser: nothing of the round anywhere', async ({
  page,
}) => {
  await signIn(page, 'conseiller')
  await waitForServiceWorker(page)
  await tick(page, '100107')
  await tick(page, '100001')
  const round = page.getByRole('region', { name: /Ma tournée/ })
  await round.getByRole('button', { name: 'Préparer ma tournée' }).click()
  await expect(round.getByText(/^Prêt hors connexion — données du/)).toHaveCount(2, { timeout: 60_000 })
  const name = (
    await round.getByRole('listitem').filter({ hasText: 'N° 100107' }).locator('span.font-semibold').innerText()
  )
    .replace(/\s*\(N° \d+\)$/, '')
    .trim()
  expect(await everythingReadable(page)).toContain('100107')

  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, '100002')
  await expect(page.getByRole('banner')).toContainText('100002')
  await expect(page.locator('body')).not.toContainText(name)
  const readable = await everythingReadable(page)
  expect(readable).not.toContain('100107')
  expect(readable).not.toContain(name)
  // The round's own keys (the app's code names them too: only the storage is looked at).
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('tournee')))).toEqual([])
})
