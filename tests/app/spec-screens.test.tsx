// What the payment step shows of each line, and the Informations route (cart-orders-admin §2),
// rendered as the app renders them (issue 27, docs/spec-trace.md).
import { renderToString } from 'react-dom/server'
import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import type { Referentiel } from '../../src/contract/referentiel'
import { PaymentLine } from '../../src/app/features/payment/payment-line'
import { CartGroups } from '../../src/app/ui/cart-groups'
import { LotsList } from '../../src/app/features/lots/lots-list'
import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { lineLabels } from '../../src/app/ui/line-labels'
import { selectPaymentMode, type ModeReglement } from '../../src/domain/payment'
import type { CartLine } from '../../src/domain/types'
import { Route as InfosIndex } from '../../src/app/routes/infos/index'
import { QueryClient } from '@tanstack/react-query'
import { createAppRouter } from '../../src/app/router'

const ref: Referentiel = {
  messagesBandeau: [],
  departements: [],
  presentationsArticles: [],
  typesSiloDefault: [],
  commentairesPredefinis: [],
  periodesLivraison: [],
  libellesPeriodesLivraisons: {},
  modesCamion: [],
  typesSilo: [
    { code: '001', libelle: 'Silo 1' },
    { code: '002', libelle: 'Silo 2' },
  ],
}

const line: CartLine = {
  idLigne: '001',
  numArticle: '410101',
  libelleArticle: 'VL Production 18 % vrac',
  codeUniteArticle: 'T',
  quantiteCommande: 12.5,
  supplementations: [{ numArticle: '480101', libelleArticle: 'Levure vivante' }],
  mineraux: [{ numArticle: '490101', libelleArticle: 'Minéral VL', quantiteCommande: 2.5 }],
  codeTypeSilo1: '001',
  codeTypeSilo2: '997:Hangar nord',
}

const prelevement = (domiciliations: number): ModeReglement => ({
  codeRegt: 'PRE30',
  libelle: 'Prélèvement à 30 jours',
  parDefaut: true,
  tauxEscompte: 1.5,
  datePrevEche: '2026-12-25',
  domiciliationsBancaires: Array.from({ length: domiciliations }, (_, i) => ({
    numDomiciliationBancaire: `D${i + 1}`,
    numeroCompte: `FR76 …${i + 1}`,
    nomBanque: `Banque ${i + 1}`,
  })),
})

function paymentLine(mode: ModeReglement) {
  const html = renderToString(
    <PaymentLine
      line={line}
      labels={lineLabels(ref, [])}
      proposal={{ etat: 'serveur', modes: [mode] }}
      selection={selectPaymentMode(mode)}
      unlocked={false}
      canDuplicate
      onUnlock={() => undefined}
      onMode={() => undefined}
      onDomiciliation={() => undefined}
      onDuplicate={() => undefined}
    />,
  )
  const text = html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
  return { html, text }
}

describe('a line of the payment step (Validation règlement)', () => {
  it('article label and number; quantity in t; supplements; minerals with a percent sign; storage places', () => {
    const { text } = paymentLine(prelevement(1))
    expect(text).toContain('VL Production 18 % vrac')
    expect(text).toContain('Article 410101')
    expect(text).toContain('Quantité 12,500 t')
    expect(text).toContain('Supplémentations Levure vivante')
    expect(text).toContain('Minéraux Minéral VL (2,5 %)')
    expect(text).toContain('Stockage Silo 1, Hangar nord')
  })

  it('the discount rate read-only, the due date, one domiciliation as text, several as a selector', () => {
    const one = paymentLine(prelevement(1))
    expect(one.text).toContain('1,50 %')
    expect(one.text).toContain('vendredi 25/12/2026')
    expect(one.text).toContain('Banque 1 – FR76 …1')
    expect(one.html).not.toMatch(/<select[^>]*-domiciliation/)
    const two = paymentLine(prelevement(2))
    expect(two.html).toMatch(/<select[^>]*id="[^"]*-domiciliation"/)
  })
})

describe('the groups of the cart and of the payment step (both render CartGroups)', () => {
  it('lines grouped by delivery address and start date, each group with its title and its address', () => {
    const lines: CartLine[] = [
      { idLigne: '001', numAdresse: 1, datePrevueLivraison: '2026-11-24', finDatePrevueLivraison: '2026-11-27' },
      { idLigne: '002', numAdresse: 2, datePrevueLivraison: '2026-11-24', finDatePrevueLivraison: '2026-11-27' },
      { idLigne: '003', numAdresse: 1, datePrevueLivraison: '2026-11-24', finDatePrevueLivraison: '2026-11-26' },
    ]
    const adresses = [1, 2].map((n) => ({
      numAdr: n,
      etat: 'A',
      adresse1: `Ferme ${n}`,
      adresse2: null,
      adresse3: null,
      codePostal: '35160',
      ville: 'Montfort-sur-Meu',
    }))
    const html = renderToString(
      <CartGroups
        lines={lines}
        labels={lineLabels(ref, adresses as never)}
        idPrefix="g"
        renderLine={(l) => <li key={l.idLigne}>{l.idLigne}</li>}
      />,
    )
    const sections = html.split('<section').slice(1)
    expect(sections).toHaveLength(2)
    expect(sections[0]).toContain('Livraison à partir du mardi 24/11/2026')
    expect(sections[0]).toMatch(/Ferme 1/)
    expect(sections[0]).toMatch(/<li>001<\/li><li>003<\/li>/)
    expect(sections[1]).toContain('Livraison du mardi 24/11/2026 au vendredi 27/11/2026')
    expect(sections[1]).toMatch(/Ferme 2/)
  })
})

describe('Informations (Mention)', () => {
  it('redirects to the conditions page', () => {
    let thrown: unknown
    try {
      InfosIndex.options.beforeLoad?.({} as never)
    } catch (e) {
      thrown = e
    }
    expect(isRedirect(thrown)).toBe(true)
    expect((thrown as { options: { to: string } }).options.to).toBe('/infos/conditionsVente')
  })
})

describe('navigation', () => {
  it('the scroll position is restored when navigating back', () => {
    expect(createAppRouter(new QueryClient()).options.scrollRestoration).toBe(true)
  })
})

describe('Lots & plans', () => {
  it('the list of lots: exploitation, building, lot, placement date, and a Voir action carrying numExploitation, numBatiment, numLot', async () => {
    const lot = {
      numLot: 'VL10231',
      numExploitation: 3,
      numBatiment: 31,
      dateMep: '2026-11-02',
      nbAnimaux: 22000,
      codeFiliere: '60',
      quantitesCommandees: {},
      plansAlimentation: [],
    }
    const names = { exploitation: () => 'Site de Kerbrat', batiment: () => 'Poulailler 1' }
    // The main shell's route gives the customer and the user to the advice shown beside each lot.
    const root = createRootRoute()
    const main = createRoute({
      getParentRoute: () => root,
      id: '_main',
      beforeLoad: () => ({ numTiers: '100002', user: { username: '100002', loginAt: null } }),
      component: Outlet,
    })
    const page = createRoute({
      getParentRoute: () => main,
      path: '/',
      component: () => <LotsList lots={[lot]} names={names} />,
    })
    const router = createRouter({
      routeTree: root.addChildren([main.addChildren([page])]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    await router.load()
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    const text = html
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
    expect(text).toContain('Exploitation Bâtiment Lot Mise en place')
    expect(text).toContain('Site de Kerbrat Poulailler 1 VL10231 lundi 02/11/2026')
    // The router writes the numbers as text ("3"), quoted in the URL.
    const voir = /<a [^>]*href="([^"]*)"[^>]*>Voir<\/a>/.exec(html)![1]!
    const query = new URLSearchParams(voir.replace(/^\/catalog\/lots\?/, '').replace(/&amp;/g, '&'))
    expect([query.get('numExploitation'), query.get('numBatiment'), query.get('numLot')]).toEqual([
      '"3"',
      '"31"',
      'VL10231',
    ])
  })
})
