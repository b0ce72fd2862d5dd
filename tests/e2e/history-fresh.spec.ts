// What the ERP sends, the farmer sees at once (issue 49 item 8). A member imported with `npm run
// import` (their own account on the shard's shared server): the ERP posts a delivery, and the
// member's reload online, or a tap on Historique, shows it once the copy on the device is more
// than a minute old — the page's clock moves on, as it would between the ERP's post and the
// member's next look. Their past orders, all older than the first 3-month window, are reached
// with "Afficher plus de commandes", window after window, and the empty-window text only shows
// when nothing older exists.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { DateTime } from 'luxon'
import { createApiKey, erp } from './erp-client'
import { mailsTo } from './mail-catcher'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker } from './support'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MEMBER = '300431'
const NAME = 'GAEC DU VERGER'
const EMAIL = 'gaec.verger@example.org'
const PASSWORD = 'la pluie sur les tuiles bleues 2026'

const paris = (days: number) => DateTime.now().setZone('Europe/Paris').plus({ days })
const day = (days: number) => paris(days).toFormat('dd/MM/yyyy')
/** The past orders: three about six months ago, two more than a year ago (another window). */
const PAST_ORDERS = [
  { numero: '9431001', days: -150 },
  { numero: '9431002', days: -170 },
  { numero: '9431003', days: -190 },
  { numero: '9431004', days: -400 },
  { numero: '9431005', days: -420 },
]

function importMember() {
  const dir = mkdtempSync(join(tmpdir(), 'silo-history-fresh-'))
  const files: Record<string, string[][]> = {
    'tiers.csv': [
      ['numTiers', 'raisonSociale', 'typeTiers', 'numEntite', 'email', 'region'],
      [MEMBER, NAME, 'ADH', 'AGR', EMAIL, 'Bretagne'],
    ],
    'comptes.csv': [
      ['username', 'displayName', 'email', 'roles'],
      [MEMBER, 'GAEC du Verger', EMAIL, 'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE'],
    ],
    'adresses.csv': [
      ['numTiers', 'numAdr', 'etat', 'adresse1', 'adresse2', 'adresse3', 'codePostal', 'ville'],
      [MEMBER, '1', 'A', 'GAEC du Verger', 'Le Clos', '', '35190', 'Tinténiac'],
    ],
    'articles-autorises.csv': [
      ['numTiers', 'numArticle', 'artCommandable'],
      [MEMBER, '410101', 'O'],
    ],
    'livraisons.csv': [
      ['numLivraison', 'numTiers', 'dateEffectiveLivraison', 'codeModeCamion'],
      ['BLIMP00431', MEMBER, day(-12), 'VIS'],
    ],
    'lignes-livraison.csv': [
      ['numLivraison', 'numLigne', 'numArticle', 'quantiteLivree', 'numAdresse'],
      ['BLIMP00431', '1', '410101', '9,75', '1'],
    ],
    'commandes.csv': [
      ['numero', 'numTiers', 'date', 'username', 'commentaire'],
      ...PAST_ORDERS.map((o) => [o.numero, MEMBER, `${day(o.days)} 08:15`, MEMBER, '']),
    ],
    'lignes-commande.csv': [
      [
        'numero',
        'idLigne',
        'etape',
        'numArticle',
        'quantiteCommande',
        'numAdresse',
        'datePrevueLivraison',
        'finDatePrevueLivraison',
        'matinApmidi',
        'finMatinApmidi',
        'codeModeCamion',
        'melangeDechargement',
      ],
      ...PAST_ORDERS.map((o) => [
        o.numero,
        '001',
        'FACTUREE',
        '410101',
        '12',
        '1',
        day(o.days + 2),
        day(o.days + 4),
        'ID',
        'ID',
        'VIS',
        'N',
      ]),
    ],
  }
  for (const [name, rows] of Object.entries(files))
    writeFileSync(join(dir, name), `${rows.map((r) => r.join(';')).join('\r\n')}\r\n`)
  // --priorite-normale: beside the other tests the CPU is never free, and a batch job at nice 19 (the default) would wait for them.
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', dir, '--priorite-normale'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

/** Staff send the first sign-in link; the member opens it and chooses a password: signed in. A
 * retry finds the password chosen by the try before it (the shard's server keeps its accounts). */
async function firstSignIn(page: Page) {
  if (test.info().retry > 0) {
    await signIn(page, MEMBER, PASSWORD, '/catalog/order_history')
    return
  }
  const staffDevice = await page.context().browser()!.newContext()
  const staff = await staffDevice.newPage()
  await signIn(staff, 'admin')
  await staff.getByLabel("Nom ou numéro d'adhérent").fill(MEMBER)
  await staff.getByRole('button', { name: new RegExp(`Agir pour ${NAME}`) }).click()
  await staff.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await staff.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Accès de l’adhérent' }).click()
  await staff.getByRole('button', { name: 'Envoyer un lien de première connexion' }).click()
  await expect(staff.getByRole('status').filter({ hasText: `Lien envoyé à ${EMAIL}.` })).toBeVisible()
  await staffDevice.close()
  await expect.poll(() => mailsTo(EMAIL).length, { timeout: 30_000 }).toBeGreaterThan(0)
  const link = /https?:\/\/\S+\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43}/.exec(mailsTo(EMAIL).at(-1)!)![0]
  await page.goto(link)
  await page.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await page.getByLabel('Confirmez le mot de passe').fill(PASSWORD)
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
  await page.waitForURL('**/catalog/order_history')
}

const deliveryLine = (page: Page, tonnes: string) =>
  page.locator('main li').filter({ hasText: 'VL Production 18 % vrac' }).filter({ hasText: tonnes })

test.describe.configure({ mode: 'serial' })

test('a delivery the ERP posts is in the Historique at the next reload online, and at the next tap on Historique', async ({
  page,
}) => {
  test.setTimeout(150_000)
  importMember()
  const cooperative = erp(createApiKey())
  await firstSignIn(page)
  await expect(deliveryLine(page, '9,750 t').first()).toBeVisible()
  // Installed: from now on the worker answers the navigations, and the device's copy the screens.
  await waitForServiceWorker(page)
  await expect(deliveryLine(page, '9,750 t').first()).toBeVisible()

  // A retry's deliveries are new ones (the try before it recorded its own numbers).
  const numero = (letter: string) => `BLFRESH431${letter}${test.info().retry || ''}`
  const later = (minutes: number) => page.clock.setFixedTime(Date.now() + minutes * 60_000)
  await cooperative.delivery({
    numLivraison: numero('A'),
    numTiers: MEMBER,
    dateEffectiveLivraison: paris(0).toISODate(),
    codeModeCamion: 'VIS',
    lignes: [{ numArticle: '410101', quantiteLivree: '7,25', numAdresse: 1 }],
  })
  // Two minutes later the member opens Silo again (a reload): the delivery is there.
  await later(2)
  await page.reload()
  await expect(deliveryLine(page, '7,250 t').first()).toBeVisible()
  await expect(deliveryLine(page, '9,750 t').first()).toBeVisible()

  // Another delivery while the member is on Commandes internet; a tap on Historique shows it.
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Commandes internet' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes internet' })).toBeVisible()
  await cooperative.delivery({
    numLivraison: numero('B'),
    numTiers: MEMBER,
    dateEffectiveLivraison: paris(0).toISODate(),
    codeModeCamion: 'VIS',
    lignes: [{ numArticle: '410101', quantiteLivree: '5,5', numAdresse: 1 }],
  })
  await later(4)
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Historique' }).click()
  await expect(deliveryLine(page, '5,500 t').first()).toBeVisible()
  await expect(deliveryLine(page, '7,250 t').first()).toBeVisible()
})

test('past orders older than the first window are reached with "Afficher plus de commandes", window after window', async ({
  page,
}) => {
  await signIn(page, MEMBER, PASSWORD)
  await page.goto('/commandes-en-cours')
  const history = page.getByRole('region', { name: 'Historique des commandes' })
  const more = history.getByRole('button', { name: 'Afficher plus de commandes' })
  const empty = history.getByText("Aucune commande dans l'historique pour ces dates.")
  const order = (numero: string) => history.getByRole('listitem').filter({ hasText: `N° ${numero}` })
  // Nothing in the last 3 months, but older orders exist: no "nothing" text, the button enabled.
  await expect(more).toBeEnabled()
  await expect(empty).toHaveCount(0)
  // One tap: the window holding the newest older order (three of them).
  await more.click()
  for (const o of PAST_ORDERS.slice(0, 3)) await expect(order(o.numero)).toBeVisible()
  await expect(order(PAST_ORDERS[3]!.numero)).toHaveCount(0)
  // Another: the two a year earlier, however many empty windows lie between.
  await expect(more).toBeEnabled()
  await more.click()
  for (const o of PAST_ORDERS) await expect(order(o.numero)).toBeVisible()
  // The oldest is shown: nothing older, the button disabled for good.
  await expect(more).toBeDisabled()
  await expect(empty).toHaveCount(0)
})
