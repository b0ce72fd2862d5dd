// Ordering on a forward contract (issue 43, item 10; ordering-area §3 "numContrat" on an order
// line): from Contrats, "Commander sur ce contrat" opens the form with the contract chosen and
// what is left of it; the line goes to the cart with its contract, and the order is sent with it.
import { expect, test } from '@playwright/test'
import { formatDate } from '../../src/domain/format'
import { businessDaysAfter } from '../support/business-days'
import { mailsTo } from './mail-catcher'
import { signIn } from './support'

test('farmer 100001 orders on contract CT2026-0412 from Contrats: the form names it, the cart and the order keep it', async ({
  page,
}) => {
  await signIn(page, '100001', 'demo', '/catalog/contrats')
  const card = page.locator('main li').filter({ hasText: 'N° CT2026-0412' })
  // A future contract and an ended one cannot be ordered on yet.
  await expect(page.locator('main li').filter({ hasText: 'N° CT2027-0031' }).getByRole('button')).toHaveCount(0)
  await card.getByRole('button', { name: /^Commander sur ce contrat/ }).click()

  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  const contract = dialog.getByLabel('Contrat à terme')
  await expect(contract).toHaveValue('CT2026-0412')
  await expect(contract.locator('option:checked')).toHaveText(/^N° CT2026-0412 — reste 35,500\st, jusqu'au /)
  await expect(dialog.getByText('Il reste 35,500 t sur ce contrat.')).toBeVisible()
  await dialog.getByLabel('Quantité (t) *').fill('10')
  await dialog.getByLabel('Adresse de livraison *').selectOption({ index: 1 })
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 1' })
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  const [start, end] = [businessDaysAfter(8), businessDaysAfter(10)]
  await dialog.getByLabel('Livraison au plus tôt *').fill(start)
  await dialog.getByLabel('Livraison au plus tard *').fill(end)
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog).toBeHidden()

  await page.goto('/catalog/cart/view')
  await expect(page.locator('main li').filter({ hasText: 'VL Production 18 % vrac' })).toContainText(
    'contrat N° CT2026-0412',
  )
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  // The Règlement step names the line's contract as the cart does (issue 51).
  await expect(page.locator('main li[data-ligne]').filter({ hasText: 'VL Production 18 % vrac' })).toContainText(
    'contrat N° CT2026-0412',
  )
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 20_000 })
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!
  // The confirmation mail, through real SMTP, gives the delivery window as the screens do (issue 51).
  const sentTo = (await page.getByText(/^Une confirmation vous a été envoyée à l'adresse/).textContent())!
  const email = /(\S+@\S+)$/.exec(sentTo)![1]!
  // Quoted-printable undone (mailsTo leaves '°' as =C2=B0).
  const decoded = (raw: string) =>
    Buffer.from(
      raw.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8')
  const ofOrder = () =>
    mailsTo(email)
      .map(decoded)
      .filter((m) => m.includes(`N°${numero} `))
  await expect.poll(() => ofOrder().length, { timeout: 30_000 }).toBeGreaterThan(0)
  expect(ofOrder()[0]).toContain(`livraison du ${formatDate(start)} au ${formatDate(end)}`)
  // The order's detail in Commandes internet names the contract.
  await page.goto('/commandes-en-cours')
  const orderCard = page.getByRole('listitem').filter({ hasText: `N° ${numero}` })
  await orderCard.getByRole('link').click()
  await expect(page.locator('main li').filter({ hasText: 'VL Production 18 % vrac' })).toContainText(
    'ContratN° CT2026-0412',
  )
})
