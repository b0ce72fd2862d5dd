// The first-password page (issue 48, issue 51), as a member sees it on a phone: the identifier is
// a read-only field a password manager saves with the new password; the fields and the button
// take the page's font; the page holds at 320 px, 390 px and 200 % text (gloves-probe.ts's
// probes, axe included); a common password, one holding the identifier or the member's name are
// refused with their reason and advice, and the link stays good; a strong password signs in.
// The member is imported with `npm run import` (tiers.csv and comptes.csv only), so the spec's
// account is its own on the shard's shared server.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { probeScreen } from './gloves-probe'
import { mailsTo } from './mail-catcher'
import { expect, test } from './network-switch'
import { signIn } from './support'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MEMBER = '300418'
const EMAIL = 'martine.lebreton@example.org'
const STRONG = 'les génisses du pré 2026'

function importMember() {
  const dir = mkdtempSync(join(tmpdir(), 'silo-first-password-'))
  const files: Record<string, string[][]> = {
    'tiers.csv': [
      ['numTiers', 'raisonSociale', 'typeTiers', 'numEntite', 'email', 'region'],
      [MEMBER, 'EARL DES PEUPLIERS', 'ADH', 'AGR', EMAIL, 'Bretagne'],
    ],
    'comptes.csv': [
      ['username', 'displayName', 'email', 'roles'],
      [MEMBER, 'Martine Lebreton', EMAIL, 'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE'],
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

/** Staff, on their own device, send the member a first sign-in link; the link, from the mail. */
async function linkFromStaff(page: Page): Promise<string> {
  const staffDevice = await page.context().browser()!.newContext()
  const staff = await staffDevice.newPage()
  await signIn(staff, 'admin')
  await staff.getByLabel("Nom ou numéro d'adhérent").fill(MEMBER)
  await staff.getByRole('button', { name: /Agir pour EARL DES PEUPLIERS/ }).click()
  await staff.getByRole('navigation', { name: 'Catalogue' }).getByRole('button', { name: 'Plus' }).click()
  await staff.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Accès de l’adhérent' }).click()
  await staff.getByRole('button', { name: 'Envoyer un lien de première connexion' }).click()
  await expect(staff.getByRole('status').filter({ hasText: `Lien envoyé à ${EMAIL}.` })).toBeVisible()
  await staffDevice.close()
  await expect.poll(() => mailsTo(EMAIL).length, { timeout: 30_000 }).toBeGreaterThan(0)
  return /https?:\/\/\S+\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43}/.exec(mailsTo(EMAIL).at(-1)!)![0]
}

test('the first-password page: the identifier for the password manager, the page’s font, any width and 200 % text; guessable passwords refused with their reason, a strong one signs in', async ({
  page,
}) => {
  test.setTimeout(120_000)
  importMember()
  const link = await linkFromStaff(page)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible()
  const identifier = page.getByLabel('Votre identifiant')
  await expect(identifier).toHaveValue(MEMBER)
  await expect(identifier).toHaveAttribute('readonly', '')
  await expect(identifier).toHaveAttribute('autocomplete', 'username')
  for (const label of ['Nouveau mot de passe', 'Confirmez le mot de passe'])
    await expect(page.getByLabel(label)).toHaveAttribute('autocomplete', 'new-password')
  // The button, the fields and the page: one font.
  const fonts = await page.evaluate(() =>
    ['body', 'button', '#username', '#motDePasse'].map((s) => getComputedStyle(document.querySelector(s)!).fontFamily),
  )
  expect(new Set(fonts).size, fonts.join(' | ')).toBe(1)

  // 320 px, 390 px, 390 px with the browser's text at 200 %: the gloves probes and axe.
  const cdp = await page.context().newCDPSession(page)
  const modes = [
    { name: '320', width: 320, height: 640, text: 1 },
    { name: '390', width: 390, height: 844, text: 1 },
    { name: '390-200', width: 390, height: 844, text: 2 },
  ]
  for (const mode of modes) {
    await page.setViewportSize({ width: mode.width, height: mode.height })
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * mode.text, fixed: 13 * mode.text } })
    await page.reload()
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${16 * mode.text}px`)
    expect(await probeScreen(page), mode.name).toEqual([])
    await page.screenshot({ path: `test-results/first-password/${mode.name}.png`, scale: 'css' })
  }

  // Refused, each with its reason and advice; the link stays good.
  const choose = async (motDePasse: string) => {
    await page.getByLabel('Nouveau mot de passe').fill(motDePasse)
    await page.getByLabel('Confirmez le mot de passe').fill(motDePasse)
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
  }
  const refusals: [string, RegExp][] = [
    ['motdepasse1', /^Ce mot de passe est trop courant : /],
    ['azertyuiop', /^Ce mot de passe est trop courant : /],
    ['bonjour2024!', /^Mot de passe trop facile à deviner : ajoutez des mots ou des caractères\.$/],
    [`${MEMBER}${MEMBER}`, /^Le mot de passe ne doit pas contenir votre identifiant\.$/],
    ['Martine aime les vaches', /^Le mot de passe ne doit pas contenir votre nom\.$/],
    ['sous les peupliers 2026', /^Le mot de passe ne doit pas contenir votre nom\.$/],
  ]
  for (const [motDePasse, reason] of refusals) {
    await choose(motDePasse)
    await expect(page.getByRole('alert')).toHaveText(reason)
    await expect(page.locator('#premiere-hint')).not.toBeEmpty()
    await expect(page.getByLabel('Votre identifiant')).toHaveValue(MEMBER)
  }
  // A refusal opens at the top, where its reason is (the field is focused only on a first visit).
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.getByRole('alert')).toBeInViewport()
  await page.screenshot({ path: 'test-results/first-password/390-200-refused.png', scale: 'css' })
  expect(await probeScreen(page)).toEqual([])

  await choose(STRONG)
  await page.waitForURL('**/catalog/order_history')
  await expect(page.getByRole('banner')).toContainText('EARL DES PEUPLIERS')
  expect((await page.request.get(link)).status()).toBe(404)
})
