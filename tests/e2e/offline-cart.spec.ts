// Preparing a whole order in a building without network (issue: order-line form and cart): after
// one visit online, a cold start offline; farmer 100001 adds three lines through the order-line
// form (one with two storage places and a supplementation), reloads, edits one, deletes one; the
// cart's groups and total are right; back online nothing has changed.
import type { Page } from '@playwright/test'
import { expect, test } from './network-switch'
import { businessDaysAfter } from '../support/business-days'
import { formatDate } from '../../src/domain/format'
import { signIn, waitForServiceWorker } from './support'

const ARTICLE = '410101' // VL Production 18 % vrac
const d1 = businessDaysAfter(8)
const d1End = businessDaysAfter(2, d1)
const d2 = businessDaysAfter(10)
const d2End = businessDaysAfter(1, d2)

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Mon panier/ })

async function addLine(
  page: Page,
  o: { qte: string; adresse: number; places: string[]; sup?: string; start: string; end: string },
) {
  await page
    .locator('main li')
    .filter({ hasText: `Article ${ARTICLE}` })
    .getByRole('button', { name: /^Commander/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await dialog.getByLabel('Quantité (t) *').fill(o.qte)
  await dialog.getByLabel('Adresse de livraison *').selectOption({ index: o.adresse })
  if (o.sup) await dialog.getByLabel(o.sup).check()
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: o.places[0]! })
  if (o.places[1]) await dialog.getByLabel('Lieu de stockage 2').selectOption({ label: o.places[1] })
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  await dialog.getByLabel('Livraison au plus tôt *').fill(o.start)
  await dialog.getByLabel('Livraison au plus tard *').fill(o.end)
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog).toBeHidden()
}

async function storedLines(page: Page) {
  return page.evaluate(async () => {
    const req = indexedDB.open('silo')
    const db = await new Promise<IDBDatabase>(
      (resolve, reject) => ((req.onsuccess = () => resolve(req.result)), (req.onerror = () => reject(req.error))),
    )
    const all = db.transaction('cartLines').objectStore('cartLines').getAll()
    const rows = await new Promise<{ idLigne: string; line: Record<string, unknown> }[]>(
      (resolve) => (all.onsuccess = () => resolve(all.result)),
    )
    db.close()
    return rows.map((r) => ({ ...r.line, idLigne: r.idLigne }) as Record<string, unknown>)
  })
}

test('offline from a cold start: three lines through the form, reload, edit, delete; back online nothing changed', async ({
  page,
  context,
  network,
}) => {
  // One visit online: the app, the articles and what the form needs for this article.
  await signIn(page, '100001', 'demo', '/catalog/aliments')
  await waitForServiceWorker(page)
  await page
    .locator('main li')
    .filter({ hasText: `Article ${ARTICLE}` })
    .getByRole('button', { name: /^Commander/ })
    .click()
  const warm = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await expect(warm.getByLabel('Levure vivante')).toBeVisible()
  await warm.getByRole('button', { name: 'Annuler' }).click()
  await page.getByRole('alertdialog', { name: 'Annuler ?' }).getByRole('button', { name: 'Oui' }).click()
  await expect(warm).toBeHidden()
  await page.goto('/catalog/cart')
  await expect(page.getByText('Votre panier est vide')).toBeVisible()

  // The network goes; a new page starts the app from the cache.
  network.cut()
  await page.close()
  const p = await context.newPage()
  await p.goto('/catalog/aliments')
  await expect(p.locator('main li').filter({ hasText: `Article ${ARTICLE}` })).toBeVisible()
  await addLine(p, {
    qte: '10',
    adresse: 1,
    places: ['Silo 1', 'Silo 2'],
    sup: 'Levure vivante',
    start: d1,
    end: d1End,
  })
  await addLine(p, { qte: '6', adresse: 1, places: ['Silo 3'], start: d1, end: d1End })
  await addLine(p, { qte: '8,5', adresse: 2, places: ['Silo 4'], start: d2, end: d2End })
  await expect(cartLink(p)).toHaveAccessibleName(/3 lignes/)
  const added = await storedLines(p)
  expect(added.find((l) => l.idLigne === '001')).toMatchObject({
    codeTypeSilo1: '001',
    codeTypeSilo2: '002',
    supplementations: [expect.objectContaining({ numArticle: '480101' })],
  })

  await p.reload()
  await p.goto('/catalog/cart')
  const main = p.locator('main')
  const total = main.getByTestId('poids-total')
  await expect(total).toHaveText('24,500 t')
  const titles = main.getByRole('heading', { level: 2, name: /^Livraison / })
  await expect(titles).toHaveText([
    `Livraison du ${formatDate(d1)} au ${formatDate(d1End)}`,
    `Livraison du ${formatDate(d2)} au ${formatDate(d2End)}`,
  ])

  // Edit the second line: 7 t.
  await main
    .locator('li[data-ligne="002"]')
    .getByRole('button', { name: /^Actions sur la ligne/ })
    .click()
  await p.getByRole('menuitem', { name: 'Modifier' }).click()
  const edit = p.getByRole('dialog', { name: 'Modifier la commande' })
  await edit.getByLabel('Quantité (t) *').fill('7')
  await edit.getByRole('button', { name: 'Suivant' }).click()
  await edit.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(edit).toBeHidden()
  await expect(total).toHaveText('25,500 t')

  // Delete the third: its group goes.
  await main
    .locator('li[data-ligne="003"]')
    .getByRole('button', { name: /^Actions sur la ligne/ })
    .click()
  await p.getByRole('menuitem', { name: 'Supprimer' }).click()
  await p.getByRole('alertdialog', { name: 'Supprimer la ligne ?' }).getByRole('button', { name: 'Oui' }).click()
  await expect(total).toHaveText('17,000 t')
  await expect(titles).toHaveText([`Livraison du ${formatDate(d1)} au ${formatDate(d1End)}`])
  const before = await storedLines(p)

  // Back online: nothing has changed.
  network.restore()
  await p.reload()
  await expect(total).toHaveText('17,000 t')
  expect(await storedLines(p)).toEqual(before)
  expect(before.map((l) => [l.idLigne, l.quantiteCommande])).toEqual([
    ['001', 10],
    ['002', 7],
  ])
})
