// What a farmer still tripped on in the order-line form (issue 43), on a phone: the advice's
// "Commander" opening a single-day window with slots that day refuses, "Période anticipée" asked
// about a date the app filled in itself, and a start moved past the end leaving the end behind.
// Issue 51: an early start the app filled in (an advice's window, dates carried over that became
// early since) is asked about once, as the line is added.
// Dates come from src/domain's calendar, as the app and the seed compute them from today.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { DateTime } from 'luxon'
import { isBusinessDayNumber, ZONE } from '../../src/domain/calendar'
import { MESSAGES } from '../../src/domain/constants'
import { dayNumberOfIso, isoOfDayNumber } from '../../src/domain/day-numbers'
import { defaultEndDate } from '../../src/domain/delivery-window'
import { businessDaysAfter } from '../support/business-days'
import { signIn } from './support'

const ARTICLE = '410101' // VL Production 18 % vrac, farmer 100001
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Mon panier/ })
const early = (page: Page) => page.getByRole('alertdialog', { name: 'Période anticipée' })

async function storedLines(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(async () => {
    const req = indexedDB.open('silo')
    const db = await new Promise<IDBDatabase>(
      (resolve, reject) => ((req.onsuccess = () => resolve(req.result)), (req.onerror = () => reject(req.error))),
    )
    const all = db.transaction('cartLines').objectStore('cartLines').getAll()
    const rows = await new Promise<{ line: Record<string, unknown> }[]>(
      (resolve) => (all.onsuccess = () => resolve(all.result)),
    )
    db.close()
    return rows.map((r) => r.line)
  })
}

/** Aliments → Commander on 410101, the first step filled in, then the delivery step. */
async function toDeliveryStep(page: Page): Promise<Locator> {
  await page.goto('/catalog/aliments')
  await page
    .locator('main li')
    .filter({ hasText: `Article ${ARTICLE}` })
    .getByRole('button', { name: /^Commander/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await dialog.getByLabel('Quantité (t) *').fill('10')
  await dialog.getByLabel('Adresse de livraison *').selectOption({ index: 1 })
  await dialog.getByLabel('Lieu de stockage 1 *').selectOption({ label: 'Silo 1' })
  await dialog.getByRole('button', { name: 'Suivant' }).click()
  await expect(dialog.getByLabel('Livraison au plus tôt *')).toBeVisible()
  return dialog
}

test('the advice’s Commander on a need one day ahead opens a single day the form accepts, slots Début → Fin de journée; its early day is asked about as the line is added', async ({
  page,
}) => {
  // VL10233's chicks arrive at today+6 (the seed's today). The phone's clock is set to 8:00 on the
  // business day before the last business day by then: the only possible delivery is that day.
  const today = DateTime.now().setZone(ZONE).startOf('day')
  const chicksArrive = dayNumberOfIso(today.plus({ days: 6 }).toISODate()!)!
  let day = chicksArrive
  while (!isBusinessDayNumber(day)) day--
  let before = day - 1
  while (!isBusinessDayNumber(before)) before--
  const only = isoOfDayNumber(day)
  await page.clock.setFixedTime(DateTime.fromISO(`${isoOfDayNumber(before)}T08:00`, { zone: ZONE }).toJSDate())

  await signIn(page, '100002')
  const panel = page.getByRole('region', { name: 'À commander' })
  await expect(panel.getByTestId('a-commander-resume')).toBeVisible()
  await panel.getByRole('button', { name: 'Voir' }).click()
  await expect(panel.getByRole('button', { name: 'Masquer' })).toHaveAttribute('aria-expanded', 'true')
  const item = panel.getByRole('listitem').filter({ hasText: 'Lot VL10233' })
  await expect(item.getByTestId('conseil-commande')).toHaveText(/^À commander avant le /)
  await item.getByRole('button', { name: /^Commander/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await expect(dialog.getByLabel('Quantité (t) *')).toHaveValue('6')
  await dialog.getByRole('button', { name: 'Suivant' }).click()

  // The window is that day alone, with a pair of slots allowed on a single day; nothing is asked.
  await expect(dialog.getByLabel('Livraison au plus tôt *')).toHaveValue(only)
  await expect(dialog.getByLabel('Livraison au plus tard *')).toHaveValue(only)
  const [startSlot, endSlot] = [dialog.getByLabel('Horaire de début *'), dialog.getByLabel('Horaire de fin *')]
  await expect(startSlot).toHaveValue('JS')
  await expect(endSlot).toHaveValue('J1')
  await expect(startSlot.locator('option:checked')).toHaveText('Début de journée')
  await expect(endSlot.locator('option:checked')).toHaveText('Fin de journée')
  await expect(early(page)).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Ajouter au panier' })).toBeInViewport()
  await endSlot.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'docs/screens/advice-form-390.png', scale: 'css' })

  // A pair the day refuses says the spec's sentence, and no list of code pairs.
  await endSlot.selectOption({ label: 'Indifférent' })
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog.getByText(MESSAGES.horairesUnJour, { exact: true })).toBeVisible()
  await expect(dialog).not.toContainText('→')

  await endSlot.selectOption({ label: 'Fin de journée' })
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  // The one possible day is tomorrow: early, asked once as the line is added (issue 51).
  await expect(early(page)).toContainText(MESSAGES.periodeAnticipee)
  await early(page).getByRole('button', { name: 'Oui' }).click()
  await expect(dialog).toBeHidden()
  await expect(cartLink(page)).toHaveAccessibleName(/1 ligne/)
  expect((await storedLines(page))[0]).toMatchObject({
    numLot: 'VL10233',
    datePrevueLivraison: only,
    finDatePrevueLivraison: only,
    matinApmidi: 'JS',
    finMatinApmidi: 'J1',
  })
})

test('an early start the farmer typed is asked about once; the next line opening with it is not asked again', async ({
  page,
}) => {
  test.slow() // two lines through the whole form
  await signIn(page, '100001', 'demo', '/catalog/aliments')
  const start = businessDaysAfter(2)
  const end = businessDaysAfter(1, start)
  const dialog = await toDeliveryStep(page)
  await dialog.getByLabel('Livraison au plus tôt *').fill(start)
  await expect(early(page)).toContainText(MESSAGES.periodeAnticipee)
  await early(page).getByRole('button', { name: 'Oui' }).click()
  await dialog.getByLabel('Livraison au plus tard *').fill(end)
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog).toBeHidden()
  await expect(cartLink(page)).toHaveAccessibleName(/1 ligne/)

  // The next line opens with those dates (the app's prefill): nothing covers "Ajouter au panier".
  const next = await toDeliveryStep(page)
  await expect(next.getByLabel('Livraison au plus tôt *')).toHaveValue(start)
  await expect(next.getByLabel('Livraison au plus tard *')).toHaveValue(end)
  await expect(early(page)).toHaveCount(0)
  await next.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(next).toBeHidden()
  await expect(cartLink(page)).toHaveAccessibleName(/2 lignes/)
  await expect(early(page)).toHaveCount(0)
})

test('a start moved past the inherited end moves the end to its default, and the line is accepted', async ({
  page,
}) => {
  test.slow() // two lines through the whole form
  await signIn(page, '100001', 'demo', '/catalog/aliments')
  const start = businessDaysAfter(8)
  const end = businessDaysAfter(2, start)
  const dialog = await toDeliveryStep(page)
  await dialog.getByLabel('Livraison au plus tôt *').fill(start)
  await dialog.getByLabel('Livraison au plus tard *').fill(end)
  await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(dialog).toBeHidden()

  // The next line inherits start and end; the farmer moves the start two business days past the end.
  const next = await toDeliveryStep(page)
  await expect(next.getByLabel('Livraison au plus tard *')).toHaveValue(end)
  const moved = businessDaysAfter(2, end)
  await next.getByLabel('Livraison au plus tôt *').fill(moved)
  // The end follows: the default end for that start (five working days on, as the app counts).
  const expected = defaultEndDate(moved, { now: DateTime.now().setZone(ZONE) })!
  await expect(next.getByLabel('Livraison au plus tard *')).toHaveValue(expected)
  await next.getByRole('button', { name: 'Ajouter au panier' }).click()
  await expect(next).toBeHidden()
  await expect(next.getByText(MESSAGES.dateFinAvantDebut)).toHaveCount(0)
  const lines = await storedLines(page)
  expect(lines).toHaveLength(2)
  expect(lines[1]).toMatchObject({ datePrevueLivraison: moved, finDatePrevueLivraison: expected })
})

test.describe('dates carried over that became early', () => {
  test.afterEach(async ({ request }) => {
    await request.post('/api/test/clock', { data: { offsetSeconds: 0 } })
  })

  test('the next line inherits dates that were not early when chosen and are now: asked once, as it is added', async ({
    page,
    request,
  }) => {
    test.slow() // two lines through the whole form
    // Chosen today: a start seven business days on, past the alert delay (five working days).
    const start = businessDaysAfter(7)
    const end = businessDaysAfter(1, start)
    await page.clock.setFixedTime(DateTime.fromISO(`${businessDaysAfter(0)}T08:00`, { zone: ZONE }).toJSDate())
    await signIn(page, '100001', 'demo', '/catalog/aliments')
    const dialog = await toDeliveryStep(page)
    await dialog.getByLabel('Livraison au plus tôt *').fill(start)
    await dialog.getByLabel('Livraison au plus tard *').fill(end)
    await expect(early(page)).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
    await expect(dialog).toBeHidden()
    await expect(cartLink(page)).toHaveAccessibleName(/1 ligne/)

    // Three business days later (the server's clock and the phone's): the start is four working
    // days away, inside the alert delay, and still past the first allowed day.
    const later = businessDaysAfter(3)
    const offset = DateTime.fromISO(`${later}T08:00`, { zone: ZONE }).diffNow().as('seconds')
    expect((await request.post('/api/test/clock', { data: { offsetSeconds: Math.round(offset) } })).ok()).toBe(true)
    await page.clock.setFixedTime(DateTime.fromISO(`${later}T08:00`, { zone: ZONE }).toJSDate())
    await page.reload()
    const next = await toDeliveryStep(page)
    await expect(next.getByLabel('Livraison au plus tôt *')).toHaveValue(start)
    await expect(next.getByLabel('Livraison au plus tard *')).toHaveValue(end)
    await expect(early(page)).toHaveCount(0)
    await next.getByRole('button', { name: 'Ajouter au panier' }).click()
    await expect(early(page)).toContainText(MESSAGES.periodeAnticipee)
    await early(page).getByRole('button', { name: 'Oui' }).click()
    await expect(next).toBeHidden()
    await expect(cartLink(page)).toHaveAccessibleName(/2 lignes/)
    await expect(early(page)).toHaveCount(0)
  })
})
