// Going live without the demo (issue 48): accounts imported with no password; staff with the admin
// role open Invitations, see the counts, send to all after a confirmation that says how many mails
// will leave; a real SMTP server (mail-catcher.ts) receives one mail per account with an address,
// none for the one without; a member opens their link, chooses a password and sees their
// Historique; the counts have moved; a second « send to all » sends nothing.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { mailsTo } from './mail-catcher'
import { signIn } from './support'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Nothing of the member's name in it (GAEC des Quatre Vents): the password rule refuses that.
const PASSWORD = 'Grêle de novembre sur les ardoises 2026'
const ON_ACCOUNT = { numTiers: '310001', email: 'gaec.quatre.vents@example.org' }
const ON_MEMBER = { numTiers: '310002', email: 'earl.pre.haut@example.org' }
const NO_ADDRESS = '310003'
const FARMER = 'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE'
/** What the screen prints between thousands: a non-breaking space. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')

/** Three members as the office exports them: an address on the account, on the member only, none. */
function cooperativeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'silo-invitations-e2e-'))
  const files: Record<string, string[][]> = {
    'tiers.csv': [
      ['numTiers', 'raisonSociale', 'typeTiers', 'numEntite', 'email', 'region'],
      [ON_ACCOUNT.numTiers, 'GAEC DES QUATRE VENTS', 'ADH', 'AGR', '', 'Bretagne'],
      [ON_MEMBER.numTiers, 'EARL DU PRÉ HAUT', 'ADH', 'AGR', ON_MEMBER.email, 'Bretagne'],
      [NO_ADDRESS, 'SCEA SANS COURRIEL', 'ADH', 'AGR', '', 'Bretagne'],
    ],
    'comptes.csv': [
      ['username', 'displayName', 'email', 'roles'],
      [ON_ACCOUNT.numTiers, 'GAEC des Quatre Vents', ON_ACCOUNT.email, FARMER],
      [ON_MEMBER.numTiers, 'EARL du Pré Haut', '', FARMER],
      [NO_ADDRESS, 'SCEA sans courriel', '', FARMER],
    ],
    'adresses.csv': [
      ['numTiers', 'numAdr', 'etat', 'adresse1', 'adresse2', 'adresse3', 'codePostal', 'ville'],
      [ON_ACCOUNT.numTiers, '1', 'A', 'GAEC des Quatre Vents', 'Le Haut Bois', '', '35190', 'Tinténiac'],
      [ON_MEMBER.numTiers, '1', 'A', 'EARL du Pré Haut', 'La Lande', '', '35190', 'Tinténiac'],
      [NO_ADDRESS, '1', 'A', 'SCEA sans courriel', 'Le Bourg', '', '35190', 'Tinténiac'],
    ],
    'reglements.csv': [
      ['numTiers', 'codeRegt', 'parDefaut'],
      [ON_ACCOUNT.numTiers, 'PRE30', 'O'],
      [ON_MEMBER.numTiers, 'PRE30', 'O'],
      [NO_ADDRESS, 'PRE30', 'O'],
    ],
  }
  for (const [name, rows] of Object.entries(files))
    writeFileSync(join(dir, name), `${rows.map((r) => r.join(';')).join('\r\n')}\r\n`)
  return dir
}

/** `npm run import` beside the running Silo, on its embedded database, as an operator runs it. */
function runImport(folder: string) {
  // --priorite-normale: beside the other tests the CPU is never free, and a batch job at nice 19 (the default) would wait for them.
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', folder, '--priorite-normale'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

/** The count the screen shows for a state (its button's number), as a number. */
async function countOf(page: Page, label: string): Promise<number> {
  const text = await page
    .getByRole('region', { name: 'Comptes par état' })
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .locator('[data-etat]')
    .textContent()
  return Number(text!.replace(/\s/g, ''))
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
}

test('staff invite every imported account at once; one mail each; a member chooses a password; sending again sends none', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  runImport(cooperativeFolder())
  const mailsBefore = mailsTo('').length

  // Staff with the admin role, on a tablet-sized screen.
  await page.setViewportSize({ width: 1024, height: 800 })
  await signIn(page, 'admin', 'demo', '/admin/connect-as/selection-tiers')
  await page
    .getByRole('navigation', { name: "Menu d'administration" })
    .getByRole('link', { name: 'Invitations' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible()
  const notInvited = await countOf(page, 'Non invité')
  const expired = await countOf(page, 'Lien expiré')
  const pending = await countOf(page, 'Lien en attente')
  const withPassword = await countOf(page, 'Mot de passe choisi')
  expect(notInvited).toBeGreaterThanOrEqual(2)
  // The list of one state, searched by name.
  await page
    .getByRole('region', { name: 'Comptes par état' })
    .getByRole('button', { name: /^Sans adresse/ })
    .click()
  await page.getByLabel('Rechercher par numéro ou nom').fill('sans courriel')
  await expect(page.getByRole('list', { name: 'Comptes' })).toContainText(NO_ADDRESS)
  await expect(page.getByRole('list', { name: 'Comptes' }).getByRole('listitem')).toHaveCount(1)
  await expectAccessible(page)

  // Send to all, after the confirmation.
  const toSend = notInvited + expired
  await page.getByRole('button', { name: 'Envoyer les invitations à tous les comptes non invités' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Envoyer les invitations' })
  await expect(dialog).toContainText(`${grouped(toSend)} courriels vont partir.`)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Envoyer' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'invitations envoyées' })).toContainText(
    `${grouped(toSend)} invitations envoyées.`,
  )

  // One mail per account with an address, through real SMTP; none for the one without.
  await expect.poll(() => mailsTo('').length - mailsBefore, { timeout: 60_000 }).toBe(toSend)
  const fresh = mailsTo('').slice(mailsBefore)
  const recipients = fresh.map((m) => /^X-Rcpt-To: (\S+)/.exec(m)![1])
  expect(new Set(recipients).size).toBe(toSend)
  expect(mailsTo(ON_ACCOUNT.email)).toHaveLength(1)
  expect(mailsTo(ON_MEMBER.email)).toHaveLength(1)
  expect(fresh.filter((m) => m.includes(`Votre identifiant : ${NO_ADDRESS}`))).toEqual([])
  const mail = mailsTo(ON_ACCOUNT.email)[0]!
  expect(mail).toContain(`Votre identifiant : ${ON_ACCOUNT.numTiers}`)
  const link = /https?:\/\/\S+\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43}/.exec(mail)![0]

  // The member, on their phone, chooses a password and sees their Historique.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' })
  const member = await phone.newPage()
  await member.goto(link)
  await expect(member.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible()
  await member.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await member.getByLabel('Confirmez le mot de passe').fill(PASSWORD)
  await member.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
  await member.waitForURL('**/catalog/order_history')
  await expect(member.getByRole('heading', { level: 1, name: /Historique/ })).toBeVisible()
  await expect(member.getByRole('banner')).toContainText('GAEC DES QUATRE VENTS')
  await phone.close()

  // The counts moved; on a phone the screen still fits.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible()
  await expect.poll(() => countOf(page, 'Mot de passe choisi')).toBe(withPassword + 1)
  expect(await countOf(page, 'Lien en attente')).toBe(pending + toSend - 1)
  expect(await countOf(page, 'Non invité')).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(page)

  // Again, from the keyboard: nobody is left to invite.
  await page.getByRole('button', { name: 'Envoyer les invitations à tous les comptes non invités' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toContainText('Aucun courriel ne va partir.')
  // The dialog takes the focus on its first button.
  await expect(dialog.getByRole('button', { name: 'Envoyer' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Aucune invitation envoyée.' })).toBeVisible()
  expect(mailsTo('').length - mailsBefore).toBe(toSend)
})
