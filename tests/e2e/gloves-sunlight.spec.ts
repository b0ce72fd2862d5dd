// Made for gloves, sunlight and any screen (issue 28): every screen at 320×640, 390×844 and
// 1024×768, and at 390×844 with the text at 200 % (two ways), through the probes of
// gloves-probe.ts (targets ≥ 44 px, AAA contrast, reflow, no word broken inside, nothing
// overlapping, no notice over an action). One sign-in per role; screens are visited by URL where
// they have one. Prints a table per screen and width; screenshots go to test-results/gloves/.
//
// 200 % text, the two ways a phone scales it (issue 43):
// - "200%": Chromium's own default font size (CDP Page.setFontSizes, the "Font size" setting a
//   user changes) set to 32 px. Media queries in em follow it too.
// - "200% html": the page's root font size at 200 % from a stylesheet of the user's
//   (`html { font-size: 200% }`, added to every document as it is created, through CDP; a
//   constructed stylesheet, which the page's Content-Security-Policy does not stop). Media queries
//   in em do NOT follow it (they read the browser's default, 16 px): what only a media query
//   adapts breaks here.
// Silo sizes its text in rem, so every rem scales either way; both hold across navigations and
// reloads, unlike a style written into the page. Checked on each screen: the root font size reads 32 px.
import type { CDPSession, Locator, Page } from '@playwright/test'
import { expect, test } from '@playwright/test'
import { TWO_LINES } from './cart-lines'
import { probeScreen, type Finding } from './gloves-probe'
import { currentOrders, signIn, writeCart } from './support'

interface Mode {
  name: string
  width: number
  height: number
  text: 1 | 2
  /** How the text is enlarged: the browser's default font size, or the root's from a stylesheet. */
  by?: 'default' | 'html'
  /** axe runs where colours or shell differ (phone, tablet, large text); 320 px has the phone's
   * colours and the own target probe is stricter than axe's 24 px there. GLOVES_AXE=all: everywhere. */
  axe: boolean
}
const ALL_MODES: Mode[] = [
  { name: '320×640', width: 320, height: 640, text: 1, axe: process.env.GLOVES_AXE === 'all' },
  { name: '390×844', width: 390, height: 844, text: 1, axe: true },
  { name: '1024×768', width: 1024, height: 768, text: 1, axe: true },
  { name: '390×844 200%', width: 390, height: 844, text: 2, axe: true },
  { name: '390×844 200% html', width: 390, height: 844, text: 2, by: 'html', axe: true },
  // Issue 51: the text at 200 % on the smallest phone and on a tablet, by the user's stylesheet
  // (what no media query sees): the tablet takes the phone's tab bar and cards.
  { name: '320×640 200% html', width: 320, height: 640, text: 2, by: 'html', axe: false },
  { name: '1024×768 200% html', width: 1024, height: 768, text: 2, by: 'html', axe: true },
]
/** GLOVES_MODES=320,1024 runs only those (while fixing); CI runs them all. */
const MODES = ALL_MODES.filter(
  (m) => !process.env.GLOVES_MODES || process.env.GLOVES_MODES.split(',').some((x) => m.name.startsWith(x)),
)

interface Screen {
  name: string
  /** Brings the screen up (from any other screen); by URL where it has one. */
  open: (page: Page) => Promise<void>
}

const byUrl =
  (path: string, ready?: (page: Page) => Locator) =>
  async (page: Page): Promise<void> => {
    await page.goto(path)
    await settle(page)
    if (ready) await expect(ready(page)).toBeVisible()
  }

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('h1').first()).toBeVisible()
  // The install card, as Chromium offers it on a phone: it must never cover an action either.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    })
    window.dispatchEvent(offer)
  })
  // Dialogs and notices slide in: measure them at rest.
  await page.waitForTimeout(350)
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first()

/** Opens "Cet appareil" from the menu a phone or a tablet shows. */
async function openDevicePanel(page: Page) {
  await page.goto('/catalog/aliments')
  await settle(page)
  const tabs = page.getByRole('navigation', { name: 'Catalogue' })
  if (await tabs.isVisible()) {
    await tabs.getByRole('button', { name: 'Plus' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Cet appareil' }).click()
  } else {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Cet appareil' }).click()
  }
  await expect(page.getByRole('dialog', { name: 'Cet appareil' })).toBeVisible()
  await page.waitForTimeout(350)
}

/** The order-line form of VL Production 18 % vrac, walked step by step; probes each step. */
async function orderLineSteps(page: Page, visit: (name: string) => Promise<void>) {
  await page.goto('/catalog/aliments')
  await settle(page)
  await page
    .locator('main li')
    .filter({ hasText: 'Article 410101' })
    .getByRole('button', { name: /^Commander/ })
    .dispatchEvent('click') // the notices may float over it, see the survey above
  await walkOrderLine(page, visit)
}

/** The same form opened from Contrats on contract CT2026-0412 (issue 51: at 200 % it opened
 * shifted sideways, its title and stepper cut, "Suivant" out of reach). */
async function contractOrderSteps(page: Page, visit: (name: string) => Promise<void>) {
  await page.goto('/catalog/contrats')
  await settle(page)
  await page
    .locator('main li')
    .filter({ hasText: 'N° CT2026-0412' })
    .getByRole('button', { name: /^Commander sur ce contrat/ })
    .dispatchEvent('click')
  await walkOrderLine(page, (name) => visit(`Contrat ${name}`))
}

async function walkOrderLine(page: Page, visit: (name: string) => Promise<void>) {
  const dialog = page.getByRole('dialog', { name: 'Ajouter au panier' })
  await expect(dialog.getByLabel('Quantité (t) *')).toBeVisible()
  await page.waitForTimeout(350)
  for (let step = 1; step <= 4; step++) {
    const current = (await dialog.locator('[aria-current=step]').innerText()).replace(/\s+/g, ' ')
    await visit(`Ajouter au panier ${step} (${current.replace(/^Étape \d sur \d : /, '').slice(0, 24)})`)
    const quantity = dialog.getByLabel('Quantité (t) *')
    if (await quantity.isVisible()) {
      await quantity.fill('10')
      await dialog.getByLabel('Adresse de livraison *').selectOption({ index: 1 })
    }
    const place = dialog.getByLabel('Lieu de stockage 1 *')
    if (await place.isVisible()) await place.selectOption({ label: 'Silo 1' })
    const next = dialog.getByRole('button', { name: 'Suivant' })
    if (!(await next.isVisible())) break
    // Clicked where it is drawn (Playwright scrolls it into view first): a button out of the
    // screen's reach or under another layer fails here.
    await next.click()
    await page.waitForTimeout(200)
  }
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Annuler ?' })
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Oui' }).click()
  await expect(dialog).toBeHidden()
}

const PUBLIC: Screen[] = [
  { name: 'Connexion (serveur)', open: byUrl('/security/login') },
  { name: 'Connexion', open: byUrl('/login') },
  { name: 'Demande de lien', open: byUrl('/security/premiere-connexion/demande') },
  { name: 'Demande de lien reçue', open: byUrl('/security/premiere-connexion/demande/envoyee') },
  { name: 'Contacts (aide)', open: byUrl('/infos/contacts') },
  { name: 'Mentions légales', open: byUrl('/infos/mention') },
  { name: 'Confidentialité', open: byUrl('/infos/politique') },
  { name: 'Conditions de vente', open: byUrl('/infos/conditionsVente') },
]

const rows: { screen: string; mode: string; findings: Finding[] }[] = []

/** The user's stylesheet of the "html" modes, added to each new document (its CDP identifier). */
const userStylesheets = new WeakMap<CDPSession, string>()
const USER_STYLESHEET = `(() => {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync('html { font-size: 200% }')
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
})()`

/** Sets the viewport and the text size, for the page and what it loads next. */
async function applyMode(page: Page, cdp: CDPSession, mode: Mode) {
  await page.setViewportSize({ width: mode.width, height: mode.height })
  const byHtml = mode.by === 'html'
  const scale = byHtml ? 1 : mode.text
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * scale, fixed: 13 * scale } })
  const added = userStylesheets.get(cdp)
  if (added && !byHtml) {
    await cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier: added })
    userStylesheets.delete(cdp)
  } else if (!added && byHtml) {
    await cdp.send('Page.enable')
    const { identifier } = await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: USER_STYLESHEET })
    userStylesheets.set(cdp, identifier)
  }
}

async function check(page: Page, mode: Mode, screen: string) {
  const started = Date.now()
  const root = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)
  expect(root, `${screen}: the text size of ${mode.name}`).toBe(`${16 * mode.text}px`)
  const findings = await probeScreen(page, { axe: mode.axe })
  rows.push({ screen, mode: mode.name, findings })
  const file = `${mode.name.replace(/[ ×%]+/g, '-')}-${screen.replace(/[^A-Za-z0-9]+/g, '-')}`
  await page.screenshot({ path: `test-results/gloves/${file}.png`, scale: 'css' })
  if (process.env.GLOVES_TIMING) console.log(`${screen} ${mode.name}: probes+shot ${Date.now() - started} ms`)
}

/** Every screen of the list at every mode, then one failure naming every finding. */
async function runAll(page: Page, screens: Screen[], extra?: (mode: Mode) => Promise<void>) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  try {
    await eachMode(page, cdp, screens, extra)
  } finally {
    // The next list (another sign-in, same page) starts from the browser's own text size.
    await applyMode(page, cdp, ALL_MODES[1]!)
  }
}

async function eachMode(page: Page, cdp: CDPSession, screens: Screen[], extra?: (mode: Mode) => Promise<void>) {
  for (const mode of MODES) {
    await applyMode(page, cdp, mode)
    for (const s of screens) {
      // A screen that cannot be reached is a finding too; the others are still looked at.
      await s.open(page).then(
        () => check(page, mode, s.name),
        (e: Error) =>
          rows.push({
            screen: s.name,
            mode: mode.name,
            findings: [{ probe: 'error', what: e.message.split('\n')[0]! }],
          }),
      )
    }
    if (extra)
      await extra(mode).catch((e: Error) =>
        rows.push({
          screen: 'extra',
          mode: mode.name,
          findings: [{ probe: 'error', what: e.message.split('\n')[0]! }],
        }),
      )
  }
}

function printTable(title: string, from: number) {
  const mine = rows.slice(from)
  const modes = [...new Set(mine.map((r) => r.mode))]
  const screens = [...new Set(mine.map((r) => r.screen))]
  const pad = (s: string, n: number) => s.padEnd(n)
  const w = Math.max(...screens.map((s) => s.length), 10)
  const lines = [`${title}: findings per screen and width (0 = passes)`]
  lines.push(`${pad('screen', w)} | ${modes.map((m) => pad(m, 13)).join(' | ')}`)
  for (const s of screens) {
    const cells = modes.map((m) => {
      const r = mine.find((x) => x.screen === s && x.mode === m)
      return pad(r ? String(r.findings.length) : '-', 13)
    })
    lines.push(`${pad(s, w)} | ${cells.join(' | ')}`)
  }
  for (const r of mine) for (const f of r.findings) lines.push(`  ${r.mode} · ${r.screen} · ${f.probe}: ${f.what}`)
  console.log(lines.join('\n'))
  return mine.flatMap((r) => r.findings.map((f) => `${r.mode} · ${r.screen} · ${f.probe}: ${f.what}`))
}

// Five modes of every screen: the farmer's list takes some 13 minutes on two busy cores.
test.describe.configure({ timeout: 1_200_000 })
// Every screen at seven sizes takes many minutes: run on demand (`npm run test:gloves`), not in
// `npm test` (issue 28 stays open for that); `every` declares those tests, skipped without GLOVES=1.
// One short pass at 200 % on a phone runs in `npm test` (the last test, issue 51).
const every = process.env.GLOVES ? test : test.skip
// The cookie notice is left unanswered (the config accepts it up front elsewhere): it is on screen
// with the install card all along, as on a first visit.
test.use({ storageState: { cookies: [], origins: [] }, actionTimeout: 15_000 })

every('public screens: sign-in, help and legal pages', async ({ page }) => {
  const from = rows.length
  await runAll(page, PUBLIC)
  expect(printTable('Public', from)).toEqual([])
})

every(
  'farmer 100001: history, feeds, the order-line form, contracts, cart, payment, confirmation, orders, this device',
  async ({ page }) => {
    const from = rows.length
    await signIn(page, '100001', 'demo', '/catalog/cart/view')
    await expect(page.getByRole('heading', { name: 'Mon panier' })).toBeVisible({ timeout: 30_000 })
    await writeCart(page, TWO_LINES)
    const orders = await currentOrders(page)
    expect(orders.length).toBeGreaterThan(0)
    const screens: Screen[] = [
      { name: 'Historique', open: byUrl('/catalog/order_history') },
      { name: 'Aliments', open: byUrl('/catalog/aliments') },
      { name: 'Contrats', open: byUrl('/catalog/contrats') },
      { name: 'Panier', open: byUrl('/catalog/cart/view', heading('Mon panier')) },
      {
        name: 'Aide du panier',
        open: async (p) => {
          await byUrl('/catalog/cart/view', heading('Mon panier'))(p)
          await p.getByRole('button', { name: 'Aide : votre panier' }).dispatchEvent('click')
          await expect(p.getByRole('dialog')).toBeVisible()
          await p.waitForTimeout(350)
        },
      },
      { name: 'Validation règlement', open: byUrl('/catalog/cart/validPanier', heading('Validation règlement')) },
      {
        name: 'Confirmation + enquête',
        open: async (p) => {
          await byUrl('/catalog/cart/confirm?numero=700099&mail=gaec.troischenes%40example.org')(p)
          // The detail ratings appear once the global one is chosen.
          await p
            .getByRole('radiogroup', { name: 'Note globale' })
            .getByRole('radio', { name: '4 étoiles sur 5', exact: true })
            .dispatchEvent('click') // notices may float over it at 320px; the probes check the page's end
          await expect(p.getByRole('radiogroup', { name: 'Navigation' })).toBeVisible()
        },
      },
      { name: 'Commandes internet', open: byUrl('/commandes-en-cours') },
      { name: 'Détail de commande', open: byUrl(`/commandes-en-cours?numero=${orders[0]!.numero}`) },
      { name: 'Cet appareil', open: openDevicePanel },
    ]
    await runAll(page, screens, async (mode) => {
      await orderLineSteps(page, (name) => check(page, mode, name))
      await contractOrderSteps(page, (name) => check(page, mode, name))
    })
    expect(printTable('Farmer 100001', from)).toEqual([])
  },
)

every('poultry farmer 100002: lots & plans with a lot', async ({ page }) => {
  const from = rows.length
  await signIn(page, '100002', 'demo', '/catalog/lots')
  await runAll(page, [
    { name: 'Lots & plans', open: byUrl('/catalog/lots') },
    {
      name: 'Lot VL10231',
      open: async (p) => {
        await byUrl('/catalog/lots')(p)
        await p.getByRole('link', { name: 'Voir le lot VL10231' }).click()
        await expect(p.getByRole('tab').first()).toBeVisible()
        await settle(p)
      },
    },
  ])
  expect(printTable('Farmer 100002', from)).toEqual([])
})

every('adviser and staff: member search, parameters, banner messages, articles', async ({ page }) => {
  const from = rows.length
  await signIn(page, 'conseiller', 'demo', '/admin/connect-as/selection-tiers')
  await runAll(page, [
    {
      name: 'Recherche adhérent',
      open: async (p) => {
        await byUrl('/admin/connect-as/selection-tiers')(p)
        await p.getByLabel("Nom ou numéro d'adhérent").fill('GAEC')
        await expect(p.getByText('N° 100001').first()).toBeVisible()
        await p.waitForTimeout(200)
      },
    },
  ])
  await page.context().clearCookies()
  await signIn(page, 'admin', 'demo', '/admin/parametres')
  await runAll(page, [
    { name: 'Paramètres', open: byUrl('/admin/parametres') },
    { name: 'Messages bandeau', open: byUrl('/admin/banniere-messages') },
    { name: 'Gestion articles', open: byUrl('/admin/edit-articles') },
  ])
  expect(printTable('Adviser and staff', from)).toEqual([])
})

// The test of the test: a 30 px button added to a screen is named by the probes, on each
// public screen (the same probes run on every screen above).
every('the probes name a 30 px button added to a screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  for (const screen of PUBLIC) {
    await screen.open(page)
    expect(await probeScreen(page), screen.name).toEqual([])
    await page.evaluate(() => {
      const b = document.createElement('button')
      b.textContent = 'Petit'
      b.style.cssText = 'width:30px;height:30px;min-width:0;min-height:0;margin:0;padding:0;font-size:10px'
      const host = document.querySelector('main') ?? document.body
      host.prepend(b)
    })
    expect(await probeScreen(page), screen.name).toContainEqual({ probe: 'target', what: 'button "Petit" 30×30' })
  }
})

// And a word broken inside: a box too narrow for "Historique" (issue 43), one letter per line or
// two halves; a word wider than the screen (an e-mail address) may break.
every('the probes name a word broken inside, not a word too long for any line', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await byUrl('/login')(page)
  await page.evaluate(() => {
    const add = (text: string, width: string) => {
      const p = document.createElement('p')
      p.textContent = text
      p.style.cssText = `width:${width};overflow-wrap:anywhere;font-size:16px`
      document.querySelector('main')!.prepend(p)
    }
    add('Historique', '1em')
    add('Supplémentations', '6em')
    add('gaec.troischenes.montfort-sur-meu@exemple-cooperative.org', '100%')
  })
  const broken = (await probeScreen(page, { axe: false })).filter((f) => f.probe === 'broken')
  expect(broken.map((f) => f.what.replace(/ in .*/, ''))).toEqual([
    '"Supplémentations" on 2 lines',
    expect.stringMatching(/^"Historique" on \d+ lines$/),
  ])
})

// In `npm test` (issue 51): the text at 200 % by the user's stylesheet on a phone, on the screens
// that broke there: Contrats (its button 544px wide, the page 610px on a 390px screen, the tab bar
// past the screen's edge) and its order form step by step (opened shifted sideways, "Suivant" out
// of reach, the fields a third of the screen). Short: one sign-in, one mode, no axe.
test('200 % text on a phone: Contrats and its order form, every probe', async ({ page }) => {
  await signIn(page, '100001', 'demo', '/catalog/contrats')
  const mode: Mode = { ...ALL_MODES.find((m) => m.name === '390×844 200% html')!, axe: false }
  const from = rows.length
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await applyMode(page, cdp, mode)
  await byUrl('/catalog/contrats')(page)
  await check(page, mode, 'Contrats')
  // Every tab on the screen with its name shown under its icon, 12px at least (never bare pictograms).
  const tabs = page.getByRole('navigation', { name: 'Catalogue' }).locator(':is(a, button) > span:last-child')
  await expect(tabs).toHaveCount(4) // farmer 100001 has no lots
  for (const label of await tabs.all()) {
    await expect(label).toBeInViewport({ ratio: 1 })
    expect(await label.evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(12)
  }
  expect((await tabs.allInnerTexts()).map((t) => t.replace(/\u00ad/g, ''))).toEqual([
    'Historique',
    'Aliments',
    'Contrats',
    'Plus',
  ])
  await contractOrderSteps(page, (name) => check(page, mode, name))
  expect(printTable('200 % on a phone', from)).toEqual([])
})
