// Logout on a shared device (issue: access and session): nothing of the user stays behind.
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support'

async function localTraces(page: Page) {
  return page.evaluate(async () => {
    const dbs = (await indexedDB.databases()).map((d) => d.name)
    let rows = 0
    if (dbs.includes('silo')) {
      rows = await new Promise<number>((resolve) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          const idb = open.result
          const stores = [...idb.objectStoreNames].filter((s) => s !== 'outbox')
          const finish = (n: number) => {
            idb.close()
            resolve(n)
          }
          if (stores.length === 0) return finish(0)
          const tx = idb.transaction(stores, 'readonly')
          let total = 0
          let done = 0
          for (const s of stores) {
            const req = tx.objectStore(s).count()
            req.onsuccess = () => {
              total += req.result
              if (++done === stores.length) finish(total)
            }
          }
        }
        open.onerror = () => resolve(-1)
      })
    }
    const storage = JSON.stringify({ ...localStorage })
    const cacheNames = await caches.keys()
    let apiEntries = 0
    // Only the user's answers count: /public/infos/* (version, portal link) belong to nobody.
    for (const name of cacheNames.filter((n) => n.startsWith('silo-api'))) {
      apiEntries += (await (await caches.open(name)).keys()).filter((r) =>
        new URL(r.url).pathname.startsWith('/web/'),
      ).length
    }
    return { rows, storage, apiEntries }
  })
}

test('after logout IndexedDB, Cache Storage and localStorage hold nothing of the farmer', async ({ page }) => {
  await signIn(page, '100001')
  await expect(page.getByRole('banner')).toContainText('GAEC')
  // The app has opened its database (the cart badge reads it); put a cart line in it, as a
  // farmer would have left one.
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'silo')))
    .toBe(true)
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('silo')
        open.onsuccess = () => {
          let tx: IDBTransaction
          try {
            tx = open.result.transaction('cartLines', 'readwrite')
          } catch (e) {
            return reject(e)
          }
          tx.objectStore('cartLines').put({
            owner: '100001',
            numTiers: '100001',
            idLigne: '001',
            line: { libelleArticle: 'GAEC test' },
            updatedAt: '',
          })
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
        open.onerror = () => reject(open.error)
      }),
  )
  await page.reload()
  await expect(page.getByRole('banner')).toContainText('GAEC')
  await expect.poll(async () => (await localTraces(page)).storage).toContain('100001')
  const before = await localTraces(page)
  expect(before.rows).toBeGreaterThan(0)

  // A non-empty cart asks first: going on with the order keeps everything.
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Panier en cours' })
  await expect(ask.getByText("Votre panier contient 1 ligne qui n'a pas été envoyée")).toBeVisible()
  await ask.getByRole('button', { name: 'Continuer ma commande' }).click()
  await expect(ask).toHaveCount(0)
  expect((await localTraces(page)).rows).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await ask.getByRole('button', { name: 'Abandonner le panier et me déconnecter' }).click()
  await expect(page).toHaveURL(/\/login/)
  await page.waitForTimeout(1500) // the query persister writes at most once a second
  const after = await localTraces(page)
  expect(after.rows).toBe(0)
  expect(after.apiEntries).toBe(0)
  expect(after.storage).not.toContain('GAEC')
  expect(after.storage).not.toContain('100001')
})

test('staff acting for a member go back to the member selection at logout', async ({ page }) => {
  await signIn(page, 'conseiller')
  await page.getByLabel("Nom ou numéro d'adhérent").fill('GAEC DES TROIS')
  await page.getByRole('button', { name: /Agir pour GAEC DES TROIS CHÊNES/ }).click()
  await expect(page.getByRole('banner')).toContainText('GAEC DES TROIS CHÊNES')
  // The header says who acts for the member, and the way out says where it goes.
  await expect(page.getByRole('banner')).toContainText(/Conseiller : \S/)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Déconnexion' })).toHaveCount(0)
  // Its icon says it too: choosing another member, not the way out (issue 43).
  const change = page.getByRole('button', { name: 'Changer de client' })
  await expect(change.locator('svg')).toHaveAttribute('data-icon', 'switchAccount')
  await change.click()
  await expect(page).toHaveURL(/selection-tiers/)
  await expect(page.getByLabel("Nom ou numéro d'adhérent")).toBeVisible()
})
