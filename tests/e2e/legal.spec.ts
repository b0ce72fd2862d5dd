// The four static pages (cart-orders-admin §2 "Static pages"): each shows its title and its key
// content, is reached from the footer and directly by URL, signed in and signed out, and axe
// finds no serious or critical violation on it.
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support'

interface StaticPage {
  link: string
  path: string
  title: string
  heading: string
  expectContent: (page: Page) => Promise<void>
}

const PAGES: readonly StaticPage[] = [
  {
    link: 'CGU',
    path: '/infos/conditionsVente',
    title: 'Silo > Informations > CGU',
    heading: "Conditions générales d'utilisation et de vente",
    expectContent: async (page) => {
      await expect(page.getByText('Dernière mise à jour : 27/11/2020')).toBeVisible()
      const minimums = page.getByRole('table', { name: 'Quantité minimale par commande' })
      await expect(minimums.getByRole('row', { name: 'Aliments porcelets et minéraux porcs 1 t' })).toBeVisible()
      await expect(minimums.getByRole('row', { name: 'Autres aliments 2,5 t' })).toBeVisible()
      const delays = page.getByRole('table', { name: /Délais de livraison/ })
      await expect(
        delays.getByRole('row', { name: 'Commande passée le jour J avant 10 h Livraison à J+1' }),
      ).toBeVisible()
      await expect(page.getByText('Une commande enregistrée ne peut pas être rétractée.')).toBeVisible()
    },
  },
  {
    link: 'Mentions légales',
    path: '/infos/mention',
    title: 'Silo > Informations > Mentions légales',
    heading: 'Mentions légales',
    expectContent: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Éditeur du service' })).toBeVisible()
      await expect(page.getByText(/la filiale de la coopérative, si vous êtes un éleveur professionnel/)).toBeVisible()
      await expect(page.getByText(/Ses coordonnées complètes figurent sur vos factures/)).toBeVisible()
    },
  },
  {
    link: 'Politique de confidentialité',
    path: '/infos/politique',
    title: 'Silo > Informations > Politique de confidentialité',
    heading: 'Politique de confidentialité',
    expectContent: async (page) => {
      const rights = page.getByRole('table', { name: 'Vos droits sur vos données personnelles' })
      for (const right of [
        'Accès',
        'Rectification',
        'Effacement',
        'Limitation',
        'Opposition',
        'Retrait du consentement',
        'Réclamation',
        'Prospection commerciale',
        'Cookies et publicité ciblée',
      ]) {
        await expect(rights.getByRole('rowheader', { name: right, exact: true })).toBeVisible()
      }
      await expect(rights.getByRole('row', { name: /Réclamation.*\(CNIL\)/ })).toBeVisible()
      await expect(page.getByText("Joignez un justificatif d'identité")).toBeVisible()
      await expect(page.getByText('Cette politique peut être modifiée à tout moment.')).toBeVisible()
      // What Silo itself keeps, as the code does it.
      const device = page.getByRole('table', { name: /Données gardées sur votre téléphone/ })
      await expect(
        device.getByRole('row', { name: /silo_session.*7 jours sans utilisation.*30 jours après la connexion/ }),
      ).toBeVisible()
      await expect(device.getByRole('row', { name: /COOKIE_CONSENT.*1 an/ })).toBeVisible()
      await expect(
        device.getByRole('row', { name: /Panier et dernières livraisons.*Effacés à la déconnexion/ }),
      ).toBeVisible()
      await expect(device.getByRole('row', { name: /pas encore envoyés.*jamais supprimés en silence/ })).toBeVisible()
      const server = page.getByRole('table', { name: 'Données gardées sur le serveur du service' })
      await expect(server.getByRole('row', { name: /Compteurs de tentatives de connexion.*15 minutes/ })).toBeVisible()
      await expect(
        server.getByRole('row', { name: /^Sessions.*Effacées un jour après la fin de la session/ }),
      ).toBeVisible()
      await expect(server.getByRole('row', { name: /E-mails de confirmation.*90 jours après l'envoi/ })).toBeVisible()
      await expect(server.getByRole('row', { name: /Journal des connexions.*10 ans/ })).toBeVisible()
    },
  },
  {
    link: 'Contacts',
    path: '/infos/contacts',
    title: 'Silo > Informations > Contacts',
    heading: 'Contacts',
    expectContent: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Service commandes' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 3, name: 'Par téléphone' })).toBeVisible()
      await expect(page.getByText("Le matin et l'après-midi.")).toBeVisible()
      await expect(page.getByRole('heading', { level: 3, name: 'Par e-mail' })).toBeVisible()
      await expect(
        page.getByText(/Le numéro et les horaires du service commandes figurent sur vos factures/),
      ).toBeVisible()
    },
  },
]

async function expectPage(page: Page, p: StaticPage) {
  await expect(page).toHaveURL(p.path)
  await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible()
  await expect(page).toHaveTitle(p.title)
  await p.expectContent(page)
}

async function expectNoSeriousViolation(page: Page, screen: string) {
  await page.waitForLoadState('networkidle')
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.nodes.length}) ${v.help}`)
  expect(serious).toEqual([])
}

const footerLink = (page: Page, name: string) => page.locator('footer').getByRole('link', { name, exact: true })

test('signed in as a farmer: each page from the footer, then by its URL, without accessibility violation', async ({
  page,
}) => {
  await signIn(page, '100001')
  for (const p of PAGES) {
    await page.goto('/catalog/order_history')
    await footerLink(page, p.link).click()
    await expectPage(page, p)
    await expectNoSeriousViolation(page, `${p.path} (signed in)`)
    await page.goto(p.path)
    await expectPage(page, p)
  }
})

test('signed out: each page from the sign-in screen’s footer, then by its URL, without accessibility violation', async ({
  page,
}) => {
  for (const p of PAGES) {
    await page.goto('/login')
    await footerLink(page, p.link).click()
    await expectPage(page, p)
    await page.goto(p.path)
    await expectPage(page, p)
    await expectNoSeriousViolation(page, `${p.path} (signed out)`)
  }
})

test.describe('tablet 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('every page reads without accessibility violation', async ({ page }) => {
    for (const p of PAGES) {
      await page.goto(p.path)
      await expectPage(page, p)
      await expectNoSeriousViolation(page, `${p.path} (tablet)`)
    }
  })
})
