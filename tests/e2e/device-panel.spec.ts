// "Cet appareil" (issue 16, item 5), with the network cut for real: opened from the outbox banner
// and from the "Plus" menu; what the device keeps, what waits, the storage, and the waiting order
// saved as a readable file.
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { TWO_LINES } from './cart-lines'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

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
  const text = readFileSync((await download.path())!, 'utf8')
  expect(text).toContain("Silo — commandes en attente d'envoi")
  expect(text).toMatch(/Commande du \w+ \d{2}\/\d{2} – 2 lignes/)
  expect(text).toContain('1. VL Production 18 % vrac (article 410101) : 10,000 t')
  expect(text).toContain('2. Correcteur azoté 40 % vrac (article 410104) : 6,000 t')
  expect(text).toMatch(/Livraison du \w+ \d{2}\/\d{2}\/\d{4} \(Indifférent\) au/)
  expect(text).toContain('règlement PRE30')
  // The truck and the storage places too (issue 27).
  expect(text).toContain('Camion VIS, lieux de stockage 001')
  expect(text).toContain('Camion VIS, lieux de stockage 002')
  await panel.getByRole('button', { name: 'Fermer' }).click()
  await expect(panel).toBeHidden()

  // Also from the "Plus" menu.
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Cet appareil' }).click()
  await expect(page.getByRole('dialog', { name: 'Cet appareil' })).toContainText('En attente d')
})
