// "Cet appareil" (issue 16, item 5), with the network cut for real: opened from the outbox banner
// and from the "Plus" menu; what the device keeps, what waits, the storage, and the waiting order
// saved as a readable file.
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { TWO_LINES } from './cart-lines'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker, writeCart } from './support'

test('the panel says what this device keeps and what waits, and saves the waiting order as a readable file', async ({
  page,
  network,
}) => {
  await signIn(page, '100001')
  await waitForServiceWorker(page)
  await expect(page.getByRole('heading', { name: /^Livré le/ }).first()).toBeVisible()
  network.cut()
  // An order confirmed on this device earlier, never received (no network since).
  await page.evaluate(
    ({ lines, createdAt }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite')
          const payload = {
            numTiers: '100001',
            commande: { commentaire: '', lignes: lines.map(() => ({ codeReglement: 'PRE30' })) },
          }
          tx.objectStore('outbox').put({
            id: crypto.randomUUID(),
            owner: '100001',
            numTiers: '100001',
            kind: 'commande',
            status: 'pending',
            createdAt,
            payload,
            attempts: 2,
            cartLines: lines,
          })
          tx.oncomplete = () => (open.result.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
        open.onerror = () => reject(open.error)
      }),
    { lines: TWO_LINES, createdAt: new Date().toISOString() },
  )
  await page.reload()
  await page.getByRole('region', { name: 'Envois en attente' }).getByRole('button', { name: 'Cet appareil' }).click()
  const panel = page.getByRole('dialog', { name: 'Cet appareil' })
  await expect(panel).toContainText('Hors connexion : le serveur de la coopérative ne répond pas.')
  await expect(panel).toContainText(/Historique des livraisons : données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/)
  await expect(panel).toContainText(/Commande du \w+ \d{2}\/\d{2} – 2 lignes, depuis \d{2}:\d{2}/)
  await expect(panel).toContainText(/Espace utilisé : [\d,]+ Mo/)
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: /Enregistrer les commandes en attente/ }).click(),
  ])
  expect(download.suggestedFilename()).toBe('silo-commandes-en-attente.txt')
  // Read with its no-break spaces as spaces: the file is typeset in French (issue 51: « 10,000 t »
  // and « : » hold to what they follow); what matters here is what it says.
  const text = readFileSync((await download.path())!, 'utf8').replace(/[\u00a0\u202f]/g, ' ')
  expect(text).toContain("Silo — commandes en attente d'envoi")
  expect(text).toMatch(/Commande du \w+ \d{2}\/\d{2} – 2 lignes/)
  expect(text).toContain('1. VL Production 18 % vrac (article 410101) : 10,000 t')
  expect(text).toContain('2. Correcteur azoté 40 % vrac (article 410104) : 6,000 t')
  expect(text).toMatch(/Livraison du \w+ \d{2}\/\d{2}\/\d{4} \(Indifférent\) au/)
  // The truck and the storage places too (issue 27), in words (issue 43).
  expect(text).toContain('Camion : Camion souffleur ; lieux de stockage : Silo 1')
  expect(text).toContain('Camion : Camion souffleur ; lieux de stockage : Silo 2')
  await panel.getByRole('button', { name: 'Fermer' }).click()
  await expect(panel).toBeHidden()

  // Also from the "Plus" menu.
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Cet appareil' }).click()
  await expect(page.getByRole('dialog', { name: 'Cet appareil' })).toContainText('En attente d')
})

test('the waiting order’s file says the cart comment, the address, the payment mode and the truck in words, offline (issue 43)', async ({
  page,
  network,
}) => {
  test.slow() // an order confirmed through the cart and the payment step, then the file
  await signIn(page, '100001', 'demo', '/catalog/cart/view')
  await waitForServiceWorker(page)
  await writeCart(page, TWO_LINES)
  await page.goto('/catalog/cart/view')
  await page.getByLabel('Autre commentaire').fill('Portail bleu après le hangar')
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2)
  network.cut()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  await expect(waiting).toContainText(/Commande du/)
  await waiting.getByRole('button', { name: 'Cet appareil' }).click()
  const panel = page.getByRole('dialog', { name: 'Cet appareil' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: /Enregistrer les commandes en attente/ }).click(),
  ])
  const text = readFileSync((await download.path())!, 'utf8').replace(/[\u00a0\u202f]/g, ' ')
  expect(text).toContain('  Commentaire : Portail bleu après le hangar')
  expect(text).toContain(
    '     Adresse de livraison : GAEC des Trois Chênes, Lieu-dit Les Trois Chênes, 35160 Montfort-sur-Meu',
  )
  expect(text).toContain('     Règlement : Prélèvement à 30 jours')
  expect(text).toContain('     Camion : Camion souffleur ; lieux de stockage : Silo 1')
  expect(text).toContain('     Camion : Camion souffleur ; lieux de stockage : Silo 2')
  expect(text).not.toMatch(/PRE30|Adresse n°|Camion VIS/)

  // The file as a phone shows it (docs/screens/export-390.png).
  const viewer = await page.context().newPage()
  await viewer.setViewportSize({ width: 390, height: 844 })
  await viewer.setContent(
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<pre style="white-space:pre-wrap;font:14px/1.4 monospace;margin:8px"></pre>',
  )
  await viewer.locator('pre').evaluate((el, t) => (el.textContent = t), text)
  await viewer.screenshot({ path: 'docs/screens/export-390.png', scale: 'css' })
  await viewer.close()
})
