// Issue 25, item 3: an adviser confirms an order for 100001 without network, then acts for 100002;
// the order waits, named for 100001 in the banner and at "Changer de client", and once the
// network is back it is created for 100001, exactly once, with the proof of the choice made when
// it was confirmed. No 403 alert at any switch.
import type { Page } from '@playwright/test'
import { expect, serverURL, test } from './network-switch'
import { TWO_LINES } from './cart-lines'
import { ordersInProgress, signIn, waitForServiceWorker } from './support'

const FIRST = { numTiers: '100001', name: 'GAEC DES TROIS CHÊNES' }
const SECOND = { numTiers: '100002', name: 'EARL AVICOLE DE KERBRAT' }
const NAMED = `Commande pour ${FIRST.name} (${FIRST.numTiers})`

async function actFor(page: Page, member: { name: string }) {
  await page.getByLabel("Nom ou numéro d'adhérent").fill(member.name)
  await page.getByRole('button', { name: new RegExp(`Agir pour ${member.name}`) }).click()
  await expect(page.getByRole('banner')).toContainText(member.name)
}

/** The adviser's cart for 100001 on this device, as the app stores it. */
async function writeAdviserCart(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'silo')))
    .toBe(true)
  await page.evaluate(
    ({ lines, numTiers }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const tx = open.result.transaction(['cartLines'], 'readwrite')
          for (const line of lines)
            tx.objectStore('cartLines').put({
              owner: 'conseiller',
              numTiers,
              idLigne: line.idLigne,
              line,
              updatedAt: '',
            })
          tx.oncomplete = () => (open.result.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
        open.onerror = () => reject(open.error)
      }),
    { lines: TWO_LINES, numTiers: FIRST.numTiers },
  )
}

const ordersOf100001 = () => ordersInProgress(serverURL, FIRST.numTiers)

test('an order queued for 100001, then a switch to 100002: it goes to 100001 once the network is back, once', async ({
  page,
  network,
}) => {
  const refused: string[] = []
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url())
  })
  const before = await ordersOf100001()

  await signIn(page, 'conseiller')
  // Before the choice: a reload within a second of it could restore the profile persisted before.
  await waitForServiceWorker(page)
  await actFor(page, FIRST)
  await writeAdviserCart(page)
  await page.getByRole('banner').getByRole('link', { name: 'Mon panier' }).click()
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await expect(page.getByLabel('Mode de règlement')).toHaveCount(2)

  network.cut()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const waiting = page.getByRole('region', { name: 'Envois en attente' })
  await expect(waiting).toContainText(NAMED)

  // The network comes back, but the order's own call is kept from the server meanwhile, so that it
  // still waits when the adviser acts for another member.
  network.hold(/^POST \/web\/v1\/tiers\/\d+\/commandes$/)
  network.restore()
  await page.getByRole('button', { name: 'Changer de client' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Envois en attente' })
  await expect(ask).toContainText(NAMED)
  await expect(ask).toContainText('partira pour l’adhérent indiqué dès que le réseau le permettra')
  await ask.getByRole('button', { name: 'Changer de client quand même' }).click()
  await expect(page).toHaveURL(/selection-tiers/)
  await actFor(page, SECOND)
  await expect(page.getByRole('banner')).toContainText(SECOND.numTiers)
  await expect(waiting).toContainText(NAMED, { timeout: 20_000 })
  // Nothing of the order has reached the server yet: it leaves only now, acting for 100002.
  expect(network.forwarded.filter((l) => /^POST \/web\/v1\/tiers\/\d+\/commandes$/.test(l))).toEqual([])
  // "Cet appareil" names the member too.
  await waiting.getByRole('button', { name: 'Cet appareil' }).click()
  const panel = page.getByRole('dialog', { name: 'Cet appareil' })
  await expect(panel).toContainText(NAMED)
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)

  // Now the order may reach the server: it goes to 100001, with the proof of that choice.
  network.hold(null)
  const retry = waiting.getByRole('button', { name: "Réessayer l'envoi" })
  if (await retry.isVisible()) await retry.click()
  await expect(waiting).toHaveCount(0, { timeout: 30_000 })
  const numero = await page.evaluate(
    () =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').getAll()
          req.onsuccess = () => {
            open.result.close()
            resolve(
              (req.result as { kind?: string; numeroCommande?: string }[]).find((r) => r.numeroCommande)
                ?.numeroCommande,
            )
          }
          req.onerror = () => reject(req.error)
        }
        open.onerror = () => reject(open.error)
      }),
  )
  expect(numero).toBeTruthy()
  await page.waitForTimeout(2000) // anything sent twice would have arrived by now
  const after = await ordersOf100001()
  expect(after.filter((n) => !before.includes(n))).toEqual([numero])
  await expect(page.getByRole('banner')).toContainText(SECOND.name)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  expect(refused).toEqual([])
})
