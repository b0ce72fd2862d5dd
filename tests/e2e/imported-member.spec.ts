// A member the cooperative imported (issue 40), from a folder of CSV files loaded with `npm run
// import` into the running Silo: no password. Staff acting for them send a first sign-in link; the
// mail arrives through real SMTP (mail-catcher.ts); the member opens it, chooses a password, is
// signed in, sees the imported Historique and contract, and sends an order. The cooperative's ERP
// (issue 41), speaking only the integration API with a key made by `npm run api-key`, reads it
// from the feed exactly once, posts VALORISEE then LIVREE for 12,5 t; the member's Commandes
// internet shows the steps and the Historique the delivery, again with the network cut.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { DateTime } from 'luxon'
import { correcteur, vl } from './cart-lines'
import { createApiKey, erp } from './erp-client'
import { mailsTo } from './mail-catcher'
import { expect, test } from './network-switch'
import { signIn, waitForServiceWorker, writeCart } from './support'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MEMBER = '300417'
const EMAIL = 'earl.bocage@example.org'
const PASSWORD = 'les vaches du pré 2026'

const day = (days: number) => DateTime.now().setZone('Europe/Paris').plus({ days }).toFormat('dd/MM/yyyy')

/** The cooperative's folder, as its office writes it: `;`, a decimal comma, dd/mm/yyyy dates. */
function cooperativeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'silo-import-e2e-'))
  const files: Record<string, string[][]> = {
    'tiers.csv': [
      ['numTiers', 'raisonSociale', 'typeTiers', 'numEntite', 'email', 'region'],
      [MEMBER, 'EARL DU BOCAGE', 'ADH', 'AGR', EMAIL, 'Bretagne'],
    ],
    'comptes.csv': [
      ['username', 'displayName', 'email', 'roles'],
      [MEMBER, 'EARL du Bocage', EMAIL, 'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE'],
    ],
    'adresses.csv': [
      ['numTiers', 'numAdr', 'etat', 'adresse1', 'adresse2', 'adresse3', 'codePostal', 'ville'],
      [MEMBER, '1', 'A', 'EARL du Bocage', 'La Haute Lande', '', '35190', 'Tinténiac'],
    ],
    'reglements.csv': [
      ['numTiers', 'codeRegt', 'parDefaut'],
      [MEMBER, 'PRE30', 'O'],
    ],
    'articles-autorises.csv': [
      ['numTiers', 'numArticle', 'artCommandable'],
      [MEMBER, '410101', 'O'],
      [MEMBER, '410104', 'O'],
    ],
    'livraisons.csv': [
      ['numLivraison', 'numTiers', 'dateEffectiveLivraison', 'codeModeCamion'],
      ['BLIMP00417', MEMBER, day(-12), 'VIS'],
    ],
    'lignes-livraison.csv': [
      [
        'numLivraison',
        'numLigne',
        'numArticle',
        'quantiteLivree',
        'numAdresse',
        'numExploitation',
        'numBatiment',
        'numLot',
        'numCommande',
      ],
      ['BLIMP00417', '1', '410101', '9,75', '1', '', '', '', ''],
    ],
    'contrats.csv': [
      [
        'numContrat',
        'numTiers',
        'codeTContrat',
        'numFormule',
        'libelleTypecontrat',
        'numArticle',
        'dateDebut',
        'dateFin',
        'qteContrat',
        'qteRestante',
        'numLot',
        'numBatiment',
      ],
      ['CTIMP-0417', MEMBER, 'TF', 'F18', 'Contrat à terme fixe', '410101', day(-30), day(150), '60', '42,5', '', ''],
    ],
  }
  for (const [name, rows] of Object.entries(files))
    writeFileSync(join(dir, name), `${rows.map((r) => r.join(';')).join('\r\n')}\r\n`)
  return dir
}

/** `npm run import` beside the running Silo, on its embedded database, as an operator runs it. */
function runImport(folder: string): string {
  // --priorite-normale: beside the other tests the CPU is never free, and a batch job at nice 19 (the default) would wait for them.
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', folder, '--priorite-normale'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

test('an imported member gets a first sign-in link by mail, chooses a password, sees their data, orders; the ERP reads the order once and posts its steps and delivery back, seen online and offline', async ({
  page,
  browser,
  network,
}) => {
  test.setTimeout(180_000)
  runImport(cooperativeFolder())
  const cooperative = erp(createApiKey())
  const { cursor: before } = await cooperative.readAll('0')

  // Staff, on their own device, choose the member and send the link.
  const staffDevice = await browser.newContext()
  const staff = await staffDevice.newPage()
  await signIn(staff, 'admin')
  await staff.getByLabel("Nom ou numéro d'adhérent").fill(MEMBER)
  await staff.getByRole('button', { name: /Agir pour EARL DU BOCAGE/ }).click()
  await expect(staff.getByRole('banner')).toContainText('EARL DU BOCAGE')
  await staff.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await staff.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Accès de l’adhérent' }).click()
  await expect(staff.getByRole('heading', { level: 1, name: 'Accès de l’adhérent' })).toBeVisible()
  await expect(staff.getByText('Pas encore choisi')).toBeVisible()
  await staff.getByRole('button', { name: 'Envoyer un lien de première connexion' }).click()
  await expect(staff.getByRole('status').filter({ hasText: `Lien envoyé à ${EMAIL}.` })).toBeVisible()
  await expect(staff.getByText(/pas encore utilisé/)).toBeVisible()
  const { violations } = await new AxeBuilder({ page: staff }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await staffDevice.close()

  // The mail, as the member receives it.
  await expect.poll(() => mailsTo(EMAIL).length, { timeout: 30_000 }).toBeGreaterThan(0)
  const mail = mailsTo(EMAIL).at(-1)!
  expect(mail).toContain(`Votre identifiant : ${MEMBER}`)
  const link = /https?:\/\/\S+\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43}/.exec(mail)![0]

  // The member opens it on their phone and chooses a password.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible()
  const form = await new AxeBuilder({ page }).analyze()
  expect(form.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await page.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await page.getByLabel('Confirmez le mot de passe').fill(`${PASSWORD}s`)
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
  await expect(page.getByRole('alert')).toHaveText('Les deux mots de passe ne sont pas identiques.')
  await page.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await page.getByLabel('Confirmez le mot de passe').fill(PASSWORD)
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()

  // Signed in: the imported Historique.
  await page.waitForURL('**/catalog/order_history')
  await expect(page.getByRole('banner')).toContainText('EARL DU BOCAGE')
  const delivery = page.locator('main li').filter({ hasText: 'VL Production 18 % vrac' }).filter({ hasText: '9,750 t' })
  await expect(delivery.first()).toBeVisible()
  await page.goto('/catalog/contrats')
  await expect(page.getByText('CTIMP-0417')).toBeVisible()

  // The link served once.
  const again = await page.request.get(link)
  expect(again.status()).toBe(404)

  // A two-line order, sent from the cart.
  await waitForServiceWorker(page)
  await writeCart(page, [vl('001', { quantiteCommande: 12.5 }), correcteur('002', { codeTypeSilo1: '002' })], MEMBER)
  await page.goto('/catalog/cart/view')
  await page.getByRole('button', { name: 'Etape suivante' }).click()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const received = page.getByText(/^Votre commande N°\d+ a bien été enregistrée$/)
  await expect(received).toBeVisible({ timeout: 20_000 })
  const numero = (await received.textContent())!.match(/N°(\d+)/)![1]!

  // The ERP (issue 41) reads it from the feed, once, as the imported member's; posts VALORISEE,
  // then LIVREE for 12,5 t. The member looks a few minutes later each time: the page's clock moves
  // on, past the lists' staleTime, as it would between the ERP's moves and the member's next look.
  const { seen, cursor } = await cooperative.readAll(before)
  expect(seen.map((c) => [c.numero, c.tiers.numTiers])).toEqual([[numero, MEMBER]])
  expect(seen[0]).toMatchObject({
    personnel: null,
    lignes: [
      expect.objectContaining({ idLigne: '001', numArticle: '410101', quantiteCommande: 12.5 }),
      expect.objectContaining({ idLigne: '002', numArticle: '410104' }),
    ],
  })
  expect((await cooperative.readAll(cursor)).seen).toEqual([])
  const later = (minutes: number) => page.clock.setFixedTime(Date.now() + minutes * 60_000)
  await cooperative.steps(numero, { etape: 'VALORISEE' })
  await later(2)
  await page.goto('/commandes-en-cours')
  const card = page
    .getByRole('region', { name: 'Commandes en cours' })
    .getByRole('listitem')
    .filter({
      hasText: `N° ${numero}`,
    })
  await expect(card).toContainText('Valorisée')
  const delivered = await cooperative.steps(numero, {
    lignes: [{ idLigne: '001', etape: 'LIVREE', quantiteLivree: '12,5' }],
  })
  expect(delivered.livraisons).toEqual([{ numLivraison: `C${numero}-001`, dateEffectiveLivraison: expect.any(String) }])
  // The member refreshes: the order reads "several steps", its detail each line's.
  await later(10)
  await page.reload()
  await expect(card).toContainText('Voir détails, plusieurs étapes')
  const expectDetail = async () => {
    await card.getByRole('link').click()
    await expect(page.getByRole('heading', { name: new RegExp(`^Détails de la commande ${numero} du `) })).toBeVisible()
    const lines = page.locator('main li').filter({ has: page.getByRole('heading', { level: 3 }) })
    await expect(lines.filter({ hasText: 'VL Production 18 % vrac' })).toContainText('Livrée')
    await expect(lines.filter({ hasText: 'Correcteur azoté 40 % vrac' })).toContainText('Valorisée')
  }
  await expectDetail()

  // The Historique: the imported delivery and the one the ERP posted.
  await page.goto('/catalog/order_history')
  const posted = page.locator('main li').filter({ hasText: 'VL Production 18 % vrac' }).filter({ hasText: '12,500 t' })
  await expect(delivery.first()).toBeVisible()
  await expect(posted.first()).toBeVisible()

  // The network cut: the member's Historique, orders and contract are on the device.
  network.cut()
  await page.reload()
  await expect(page.getByText(/^Hors connexion — données du/)).toBeVisible()
  await expect(delivery.first()).toBeVisible()
  await expect(posted.first()).toBeVisible()
  await page.goto('/commandes-en-cours')
  await expect(card).toContainText('Voir détails, plusieurs étapes')
  await expectDetail()
  await page.goto('/catalog/contrats')
  await expect(page.getByText('CTIMP-0417')).toBeVisible()
  network.restore()
})
