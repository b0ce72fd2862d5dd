// Texts and figures the specification quotes that no end-to-end test reaches (issue 27,
// docs/spec-trace.md): the empty states of screens the demo data never empties, the confirmation
// text with its e-mail address, the history's help and the figures of the terms, rendered as the
// app renders them.
import { readFileSync } from 'node:fs'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { articlesQueryOptions } from '../../src/api/articles'
import type { Commande } from '../../src/contract/commandes'
import { contratsQueryOptions } from '../../src/api/contrats'
import { ConfirmationPage } from '../../src/app/features/confirmation/confirmation-page'
import { ContractsPage } from '../../src/app/features/contracts/contracts-page'
import { FeedsPage } from '../../src/app/features/feeds/feeds-page'
import { HistoryHelp } from '../../src/app/features/history/history-help'
import { TermsPage } from '../../src/app/features/legal/terms'
import { OrderDetail } from '../../src/app/features/orders/order-detail'
import { DELAI_PAGE_CONFIRMATION_MS, MESSAGES } from '../../src/domain/constants'
import { validateMineralQuantity } from '../../src/domain/minerals'
import { parseQuantityInput } from '../../src/domain/quantity'

/** A screen rendered inside a router and a query client holding `data`: its HTML and its text. */
async function render(ui: ReactNode, data: [readonly unknown[], unknown][] = []) {
  const queryClient = new QueryClient()
  for (const [key, value] of data) queryClient.setQueryData(key, value)
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  const text = html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
  return { html, text }
}

describe('empty states', () => {
  it("Contrats: 'Aucun contrat.' when the customer has none", async () => {
    const { text } = await render(<ContractsPage numTiers="100001" />, [[contratsQueryOptions('100001').queryKey, []]])
    expect(text).toContain('Aucun contrat.')
  })

  it("Aliments: 'Actuellement, vous ne pouvez commander aucun aliment via ce site internet.' when nothing is orderable", async () => {
    const { text } = await render(<FeedsPage numTiers="100001" />, [[articlesQueryOptions('100001').queryKey, []]])
    expect(text).toContain('Actuellement, vous ne pouvez commander aucun aliment via ce site internet.')
  })

  it("order detail: 'Aucun aliment.' when the order has no line", async () => {
    const commande = { id: 1, numero: '700001', date: '2026-11-20T10:00:00Z', etape: 'ENREGISTREE', lignes: [] }
    const { text } = await render(<OrderDetail numTiers="100001" commande={commande as unknown as Commande} />)
    expect(text).toContain('Détails de la commande 700001 du 20/11/2026')
    expect(text).toContain('Aucun aliment.')
  })
})

describe('the confirmation page (cart-orders-admin §2 step 3)', () => {
  it("'Votre commande N°{number} a bien été enregistrée', 'Une confirmation vous a été envoyée à l'adresse : {email}', 'Retour à l'accueil' to main.catalog", async () => {
    const { html, text } = await render(
      <ConfirmationPage owner="100001" numTiers="100001" numero="700001" mail="gaec@example.org" />,
    )
    expect(text).toContain('Votre commande N°700001 a bien été enregistrée')
    expect(text).toContain("Une confirmation vous a été envoyée à l'adresse : gaec@example.org")
    expect(html).toMatch(/<a [^>]*href="\/catalog"[^>]*>Retour à l(&#x27;|')accueil<\/a>/)
  })

  it('without an e-mail address, no confirmation address is mentioned', async () => {
    const { text } = await render(<ConfirmationPage owner="100001" numTiers="100001" numero="700001" />)
    expect(text).toContain('Votre commande N°700001 a bien été enregistrée')
    expect(text).not.toContain('Une confirmation vous a été envoyée')
  })

  it('the survey shows the global rating alone until it is set', async () => {
    const { text } = await render(<ConfirmationPage owner="100001" numTiers="100001" numero="700001" />)
    expect(text).toContain('Note globale')
    for (const detail of ['Design', 'Fluidité', 'Lisibilité', 'Navigation', 'Commentaire'])
      expect(text).not.toContain(detail)
  })

  it('the payment step opens the confirmation page after 50 ms', () => {
    expect(DELAI_PAGE_CONFIRMATION_MS).toBe(50)
  })
})

describe('help texts', () => {
  it('history duplication: not for every article; poultry feed through the feeding plan menu; the orderable list in the feed menu', async () => {
    const { text } = await render(<HistoryHelp />)
    expect(text).toContain('La duplication ne fonctionne pas pour tous les articles.')
    expect(text).toMatch(/aliments volailles se commandent depuis le menu Lots & plans \(plan d'alimentation\)/)
    expect(text).toContain('La liste des aliments commandables se trouve dans le menu Aliments.')
  })
  it('history paging help: delivered orders of the last 3 months, 12 lines at a time on a phone (lines, not deliveries), extendable to 18 months', async () => {
    const { text } = await render(<HistoryHelp />)
    expect(text).toContain('commandes livrées des 3 derniers mois')
    expect(text).toContain('sur téléphone, 12 lignes de livraison à la fois')
    expect(text).not.toContain('12 dernières livraisons')
    expect(text).toContain("remonte jusqu'à 18 mois")
  })
})

describe('the terms (CGU) with the figures of cart-orders-admin §1 and §9', () => {
  const terms = () => render(<TermsPage />).then((r) => r.text)

  it('past supplies (the last 12 deliveries or 18 months); members, or clients of a subsidiary in seven departments', async () => {
    const text = await terms()
    expect(text).toContain('les 12 dernières livraisons ou les 18 derniers mois')
    expect(text).toContain('adhérents de la coopérative')
    expect(text).toMatch(/clients de la filiale de la coopérative, qui exerce dans sept départements/)
  })

  it('access needs an account and no ongoing dispute; accounts are created and suspended outside the service', async () => {
    const text = await terms()
    expect(text).toContain(
      "L'accès demande un compte ouvert par le vendeur et l'absence de litige en cours avec lui (par exemple un incident de paiement non réglé).",
    )
    expect(text).toContain('Les comptes sont créés et suspendus par le vendeur, en dehors du service.')
  })

  it('delivery delays: J+1 before 10 h, J+2 after, some bulk feeds 7 days, bulk minerals 10 working days, bagged minerals about 3 working days', async () => {
    const text = await terms()
    expect(text).toContain('Commande passée le jour J avant 10 h Livraison à J+1')
    expect(text).toContain('Commande passée le jour J après 10 h Livraison à J+2')
    expect(text).toContain('Certains aliments en vrac Sous 7 jours')
    expect(text).toContain('Minéraux en vrac Sous 10 jours ouvrés')
    expect(text).toContain('Minéraux en sacs Environ 3 jours ouvrés')
  })

  it('minimum order 1 t or 2.5 t; weight tolerance 1 t; postponed at most 5 working days; reservations within 3 days', async () => {
    const text = await terms()
    expect(text).toContain('Aliments porcelets et minéraux porcs 1 t')
    expect(text).toContain('Autres aliments 2,5 t')
    expect(text).toContain('de 1 t au plus (tolérance de poids)')
    expect(text).toContain('reportée de 5 jours ouvrés au plus')
    expect(text).toContain('dans les 3 jours qui suivent la livraison')
  })

  it('proof kept 10 years; personal data at most 48 months; cookies at most 13 months', async () => {
    const text = await terms()
    expect(text).toContain('Elles sont conservées 10 ans.')
    expect(text).toContain('au plus 48 mois après la fin de votre adhésion')
    expect(text).toContain('les cookies durent au plus 13 mois')
  })

  it('force majeure over 90 days allows cancellation; renegotiation 30 days; an order cannot be withdrawn', async () => {
    const text = await terms()
    expect(text).toMatch(/Si celui-ci dure plus de 90 jours, chacune peut annuler la commande concernée/)
    expect(text).toContain('les parties disposent alors de 30 jours pour s')
    expect(text).toContain('Une commande enregistrée ne peut pas être rétractée.')
  })
})

describe('wording and presentation', () => {
  it('number fields accept decimals with a comma or a point', () => {
    expect(parseQuantityInput('12,5')).toBe(12.5)
    expect(parseQuantityInput('12.5')).toBe(12.5)
    expect(validateMineralQuantity('2,5')).toBeNull()
    expect(validateMineralQuantity('2.5')).toBeNull()
  })

  it("a minimum gap above one day reads 'postérieure de N jours minimum'", () => {
    expect(MESSAGES.dateFinEcartMin(2)).toBe(
      'La date au plus tard doit être postérieure de 2 jours minimum à la date au plus tôt',
    )
  })

  it('the theme: a primary green and a secondary gold', () => {
    const css = readFileSync('src/app/styles.css', 'utf8')
    const rgb = (name: string) => {
      const hex = new RegExp(`--color-silo-${name}:\\s*#([0-9a-f]{6})`, 'i').exec(css)![1]!
      return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
    }
    const [r, g, b] = rgb('green')
    expect(g).toBeGreaterThan(r)
    expect(g).toBeGreaterThan(b)
    const [gr, gg, gb] = rgb('gold')
    expect(gr).toBeGreaterThan(gb + 80)
    expect(gg).toBeGreaterThan(gb + 60)
    expect(gr).toBeGreaterThanOrEqual(gg)
  })
})
