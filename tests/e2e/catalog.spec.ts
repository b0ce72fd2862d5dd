// The catalog screens as the demo farmers meet them (ordering-area §2): history, feeds, lots and
// plans, contracts; then the same four screens with the network off.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { signIn, waitForServiceWorker } from './support'
import { expect, test } from './network-switch'
import { chromiumLaunch } from '../chromium'

async function expectNoSeriousViolation(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const main = (page: Page) => page.locator('main')

test('farmer 100001: grouped history, address filter, paging to the end, duplication into the quick-add dialog', async ({
  page,
}) => {
  await signIn(page, '100001')
  await expect(page).toHaveURL(/\/catalog\/order_history/)
  await expect(
    main(page)
      .getByRole('heading', { name: /^Livré le \w+ \d{2}\/\d{2}\/\d{4}$/ })
      .first(),
  ).toBeVisible()
  await expectNoSeriousViolation(page)

  // The filter exists (3 addresses) and keeps only the chosen address's lines.
  const filter = page.getByLabel('Adresse de livraison')
  const options = await filter.locator('option').allTextContents()
  expect(options[0]).toBe('Toutes les adresses')
  expect(options.length).toBeGreaterThan(2)
  await filter.selectOption({ index: 2 })
  const chosen = options[2]!
  const addresses = await main(page).locator('li span.block:nth-child(3)').allTextContents()
  expect(addresses.length).toBeGreaterThan(0)
  for (const a of addresses) expect(a).toBe(chosen)
  await filter.selectOption({ index: 0 })

  // On a phone, 12 lines at a time, then older windows, until nothing more can be loaded.
  await expect(main(page).locator('section li')).toHaveCount(12)
  const more = page.getByRole('button', { name: 'Afficher plus de livraisons' })
  const end = page.getByText("Impossible d'afficher plus de livraisons")
  // Each round waits until a load is over (the button back, or the end message), never reading
  // the screen while it says "Chargement…".
  for (let i = 0; i < 60; i++) {
    await expect(more.or(end)).toBeVisible()
    if (await end.isVisible()) break
    await more.click()
  }
  await expect(page.getByText("Impossible d'afficher plus de livraisons")).toBeVisible()

  // Duplication: two lines into the quick-add dialog.
  await page.getByRole('button', { name: 'Dupliquer des lignes' }).click()
  const boxes = main(page).getByRole('checkbox', { disabled: false })
  await boxes.nth(0).check()
  await boxes.nth(1).check()
  await expect(page.getByText('2 lignes sélectionnées')).toBeVisible()
  await page.getByRole('button', { name: 'Valider la sélection (2)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajout rapide au panier' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('2 lignes sélectionnées')).toBeVisible()
  await expect(dialog.getByLabel('Horaire de début *')).toBeVisible()
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog.getByText('Veuillez renseigner la période de livraison voulue').first()).toBeVisible()
  await expect(dialog.getByText('Veuillez renseigner au moins un lieu de livraison')).toBeVisible()
  await expectNoSeriousViolation(page)
})

test('poultry farmer 100002 opens lot VL10231, switches plans, sees the recommended tranche', async ({ page }) => {
  await signIn(page, '100002')
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Lots & plans' }).click()
  await expect(main(page).getByText('VL10231').first()).toBeVisible()
  await expectNoSeriousViolation(page)
  await page.getByRole('link', { name: 'Voir le lot VL10231' }).click()
  await expect(page).toHaveURL(/numLot=VL10231/)
  await expect(main(page).getByText('22 000').first()).toBeVisible()
  await expect(main(page).getByText('Volailles de chair')).toBeVisible()
  const tabs = page.getByRole('tab')
  await expect(tabs).toHaveCount(2)
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Tranche conseillée')).toBeVisible()
  // The 80 % is when a tranche counts as complete, not how much of it is ordered: said in tonnes.
  const recommendedCard = main(page).locator('li', { has: page.getByText('Tranche conseillée') })
  await expect(
    recommendedCard.getByText(/commandables — complète à partir de [\d ]+,\d{3}\st commandées \(80\s%\)/),
  ).toBeVisible()
  // Ordering from the recommended tranche opens the order-line form for that article and lot.
  const recommended = main(page).locator('li', { has: page.getByText('Tranche conseillée') })
  await recommended
    .getByRole('button', { name: /^Commander/ })
    .first()
    .click()
  const form = page.getByRole('dialog', { name: /Ajouter au panier/ })
  await expect(form).toBeVisible()
  await form.getByRole('button', { name: 'Annuler' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Annuler ?' })
  if (await ask.isVisible().catch(() => false)) await ask.getByRole('button', { name: 'Oui' }).click()
  await expect(form).toHaveCount(0)
  await tabs.nth(1).click()
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'Plan croissance lente' })).toBeVisible()
  await expectNoSeriousViolation(page)
})

test('feeds and contracts of farmer 100001, with the contracts badge in the menu', async ({ page }) => {
  await signIn(page, '100001', 'demo', '/catalog/aliments')
  await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible()
  await expectNoSeriousViolation(page)
  await page
    .getByRole('navigation', { name: 'Catalogue' })
    .getByRole('link', { name: /Contrats/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Contrats à venir' })).toBeVisible()
  await expect(main(page).getByText('CT2026-0412')).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Catalogue' }).getByText("un contrat se termine dans moins d'un mois"),
  ).toHaveCount(1)
  await expectNoSeriousViolation(page)
})

// The four screens a farmer reads offline, and a text each shows from the data kept on the device.
// The network is cut for real (network-switch.ts): the interface stays up, navigator.onLine
// stays true, and the page must learn from its requests that the server does not answer.
const OFFLINE_SCREENS = [
  ['/catalog/order_history', /Livré le/],
  ['/catalog/aliments', /Article \d+/],
  ['/catalog/lots', /VL10231/],
  ['/catalog/contrats', /Reste|Aucun contrat\./],
] as const

async function visitOnline(page: Page) {
  for (const [path] of OFFLINE_SCREENS) {
    await page.goto(path)
    await expect(page.locator('main').locator('h2').first()).toBeVisible()
  }
}

async function expectShownOffline(page: Page) {
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  for (const [path, text] of OFFLINE_SCREENS) {
    await page.goto(path)
    // "Within a few seconds": a cut answered at once, or the 4-5 s a silent link takes.
    await expect(page.getByText(/^Hors connexion — données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeVisible({
      timeout: 8_000,
    })
    await expect(page.locator('main').getByText(text).first()).toBeVisible()
  }
}

for (const mode of ['refuse', 'hang'] as const) {
  test(`with the network cut (${mode === 'refuse' ? 'refused at once' : 'never answered'}), a new page shows the four screens and says they are offline`, async ({
    page,
    context,
    network,
  }) => {
    await signIn(page, '100002')
    await waitForServiceWorker(page)
    await visitOnline(page)
    network.cut(mode)
    const cutPage = await context.newPage()
    await expectShownOffline(cutPage)
    // The server answers again: the notice goes without a reload.
    network.restore()
    await expect(cutPage.getByText(/^Hors connexion/)).toBeHidden({ timeout: 20_000 })
  })
}

test('while the network is cut, no request of the page or its service worker reaches the server', async ({
  page,
  context,
  network,
}) => {
  await signIn(page, '100002')
  await waitForServiceWorker(page)
  await visitOnline(page)
  network.cut('refuse')
  const before = network.forwarded.length
  const cutPage = await context.newPage()
  await expectShownOffline(cutPage)
  await cutPage.reload()
  await expect(cutPage.getByText(/^Hors connexion/)).toBeVisible({ timeout: 8_000 })
  // The browser did try (page, service worker, probe): every try stopped at the switch.
  expect(network.attemptsWhileCut).toBeGreaterThan(0)
  expect(network.forwarded.slice(before)).toEqual([])
  network.restore()
  await cutPage.reload()
  await expect(
    cutPage
      .locator('main')
      .getByText(/Reste|Aucun contrat\./)
      .first(),
  ).toBeVisible()
  expect(network.forwarded.length).toBeGreaterThan(before)
})

test('after one visit online, the browser restarted with the network cut shows the four screens', async ({
  playwright,
  baseURL,
  network,
}) => {
  // A real restart: the same browser profile on disk, closed, then opened again offline.
  const profile = mkdtempSync(join(tmpdir(), 'silo-profile-'))
  const options = {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
    ...chromiumLaunch,
  }
  const open = async (): Promise<BrowserContext> => {
    const ctx = await playwright.chromium.launchPersistentContext(profile, options)
    await ctx.addCookies([{ name: 'COOKIE_CONSENT', value: 'true', url: baseURL! }])
    return ctx
  }
  try {
    const online = await open()
    const page = online.pages()[0] ?? (await online.newPage())
    await signIn(page, '100002')
    await waitForServiceWorker(page)
    await visitOnline(page)
    await online.close()

    network.cut('refuse')
    const offline = await open()
    await expectShownOffline(offline.pages()[0] ?? (await offline.newPage()))
    await offline.close()
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
})
