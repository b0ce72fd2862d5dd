// « Première connexion ou mot de passe oublié ? » (issue 48, item 3): a member the cooperative
// imported (no password yet) starts from the sign-in page, asks for a link with their number, gets
// the one answer every number gets, finds the link in their mail (a real SMTP server,
// mail-catcher.ts), chooses a password and lands on their Historique. Every page axe-clean at 390 px.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DateTime } from 'luxon'
import { mailsTo } from './mail-catcher'
import { expect, test } from './network-switch'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MEMBER = '300518'
const EMAIL = 'earl.verger@example.org'
// Nothing of the member's name in it (EARL du Verger): the password rule refuses that.
const PASSWORD = 'Trois pommiers sous la grêle 2026'

const day = (days: number) => DateTime.now().setZone('Europe/Paris').plus({ days }).toFormat('dd/MM/yyyy')

/** The member, imported with `npm run import` beside the running Silo: an account, no password. */
function importMember() {
  const dir = mkdtempSync(join(tmpdir(), 'silo-demande-e2e-'))
  const files: Record<string, string[][]> = {
    'tiers.csv': [
      ['numTiers', 'raisonSociale', 'typeTiers', 'numEntite', 'email', 'region'],
      [MEMBER, 'EARL DU VERGER', 'ADH', 'AGR', EMAIL, 'Normandie'],
    ],
    'comptes.csv': [
      ['username', 'displayName', 'email', 'roles'],
      [MEMBER, 'EARL du Verger', EMAIL, 'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE'],
    ],
    'adresses.csv': [
      ['numTiers', 'numAdr', 'etat', 'adresse1', 'adresse2', 'adresse3', 'codePostal', 'ville'],
      [MEMBER, '1', 'A', 'EARL du Verger', 'Le Clos', '', '50300', 'Avranches'],
    ],
    'livraisons.csv': [
      ['numLivraison', 'numTiers', 'dateEffectiveLivraison', 'codeModeCamion'],
      ['BLIMP00518', MEMBER, day(-8), 'VIS'],
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
      ['BLIMP00518', '1', '410101', '7,25', '1', '', '', '', ''],
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

/** A mail's words as read: the =XX bytes mailsTo keeps (its accented letters) decoded. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

// A first visit, as a member who never used Silo: the server's pages, no service worker between.
test.use({ serviceWorkers: 'block' })

test('a member asks for a link from the sign-in page, gets it by mail, chooses a password and sees their Historique', async ({
  page,
}) => {
  test.setTimeout(120_000)
  importMember()
  await page.goto('/login')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByLabel('Mot de passe')).toBeVisible()
  await axeClean(page)
  await page.getByRole('link', { name: 'Première connexion ou mot de passe oublié ?' }).click()

  await expect(page.getByRole('heading', { name: 'Première connexion ou mot de passe oublié ?' })).toBeVisible()
  await axeClean(page)
  const number = page.getByLabel('Identifiant (numéro de tiers)')
  await expect(number).toHaveAttribute('autocomplete', 'username')
  await expect(number).toBeFocused()
  await number.fill(MEMBER)
  await page.getByRole('button', { name: 'Recevoir un lien par courriel' }).click()

  // The one answer, whatever the number.
  await expect(page.getByRole('heading', { name: 'Demande reçue' })).toBeVisible()
  await expect(
    page.getByText('Si cet identifiant est celui d’un compte Silo qui a une adresse électronique'),
  ).toBeVisible()
  await axeClean(page)

  // The mail, as the member receives it.
  await expect.poll(() => mailsTo(EMAIL).length, { timeout: 30_000 }).toBeGreaterThan(0)
  const raw = mailsTo(EMAIL).at(-1)!
  const text = decoded(raw)
  expect(text).toContain(`Votre identifiant : ${MEMBER}`)
  expect(text).toContain('Ce lien a été demandé par : vous-même, depuis la page de connexion.')
  // Read from the mail as mailsTo gives it: decoding =XX again would eat the token's first letters.
  const link = /https?:\/\/\S+\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43}/.exec(raw)![0]

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible()
  await page.getByLabel('Nouveau mot de passe').fill(PASSWORD)
  await page.getByLabel('Confirmez le mot de passe').fill(PASSWORD)
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()

  await page.waitForURL('**/catalog/order_history')
  await expect(page.getByRole('heading', { name: 'Historique', level: 1 })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('EARL DU VERGER')
  await expect(page.locator('main li').filter({ hasText: '7,250 t' }).first()).toBeVisible()
})
