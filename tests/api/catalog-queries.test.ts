// The catalog calls' query parameters as ordering-area §7 lists them, sent by the app: typeTiers
// (the customer's, as loaded), numEntite AGR, the contracts' dateValidite (today in Paris), and
// reglement-tiers' numArticle and codeTArt. The service worker keys the contracts without their
// date, so yesterday's copy is still found offline today.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  incidentPaiementQueryOptions,
  reglementCommandeQueryOptions,
  reglementTiersQueryOptions,
} from '../../src/api/paiement'
import { contratsQueryOptions } from '../../src/api/contrats'
import { tiersQueryOptions } from '../../src/api/tiers'
import { cacheKeyOf } from '../../src/api/cached-reads'

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
const BODIES: [RegExp, unknown][] = [
  [/incident-paiement/, { bloquant: false, libelle: null, dateIncident: null }],
  [/contrats/, []],
  [/reglement-tiers/, { modes: [], domiciliations: [] }],
  [/reglement-commande/, []],
]

let fetchMock: ReturnType<typeof vi.fn>
let client: QueryClient
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => json(BODIES.find(([re]) => re.test(url))?.[1]))
  vi.stubGlobal('fetch', fetchMock)
  vi.useFakeTimers({ toFake: ['Date'] })
  // 23:30 UTC on 24 November is already the 25th in Paris.
  vi.setSystemTime(new Date('2026-11-24T23:30:00Z'))
  client = new QueryClient()
  client.setQueryData(tiersQueryOptions('100001').queryKey, {
    numTiers: '100001',
    raisonSociale: 'GAEC',
    typeTiers: 'ADH',
    numEntite: 'AGR',
    email: null,
    hasLots: false,
    adresses: [],
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})
const sent = () => fetchMock.mock.calls.map((c) => String(c[0]))

describe('catalog calls’ query parameters (ordering-area §7)', () => {
  it('incident-paiement sends typeTiers and numEntite; contrats adds dateValidite, today in Paris', async () => {
    await client.fetchQuery(incidentPaiementQueryOptions('100001'))
    await client.fetchQuery(contratsQueryOptions('100001'))
    expect(sent()).toEqual([
      '/web/v1/tiers/100001/incident-paiement?typeTiers=ADH&numEntite=AGR',
      '/web/v1/tiers/100001/contrats?typeTiers=ADH&numEntite=AGR&dateValidite=2026-11-25',
    ])
  })

  it('reglement-tiers sends typeTiers, numEntite, numArticle and codeTArt; reglement-commande adds dateValidite and numLot', async () => {
    const line = { numArticle: '450102', codeTypeArticle: 'A', datePrevueLivraison: '2026-12-01', numLot: 'VL10231' }
    await client.fetchQuery(reglementTiersQueryOptions('100001', line))
    await client.fetchQuery(reglementCommandeQueryOptions('100001', line))
    expect(sent()).toEqual([
      '/web/v1/tiers/100001/reglement-tiers?typeTiers=ADH&numEntite=AGR&numArticle=450102&codeTArt=A',
      '/web/v1/tiers/100001/reglement-commande?typeTiers=ADH&numEntite=AGR&numArticle=450102&codeTArt=A&dateValidite=2026-12-01&numLot=VL10231',
    ])
  })

  it('typeTiers comes from the customer, loaded first when it is not known yet', async () => {
    const fresh = new QueryClient()
    fetchMock.mockImplementation(async (url: string) =>
      url === '/web/v1/tiers/100002'
        ? json({
            numTiers: '100002',
            raisonSociale: 'EARL',
            typeTiers: 'CLI',
            numEntite: 'AGR',
            email: null,
            hasLots: true,
            adresses: [],
          })
        : json(BODIES.find(([re]) => re.test(url))?.[1]),
    )
    await fresh.fetchQuery(incidentPaiementQueryOptions('100002'))
    expect(sent()).toEqual([
      '/web/v1/tiers/100002',
      '/web/v1/tiers/100002/incident-paiement?typeTiers=CLI&numEntite=AGR',
    ])
  })

  it('the service worker keys the contracts without their dateValidite, and every other read as it is', () => {
    const o = 'https://silo.test'
    expect(cacheKeyOf(`${o}/web/v1/tiers/100001/contrats?typeTiers=ADH&numEntite=AGR&dateValidite=2026-11-25`)).toBe(
      cacheKeyOf(`${o}/web/v1/tiers/100001/contrats?typeTiers=ADH&numEntite=AGR&dateValidite=2026-11-26`),
    )
    const proposal = `${o}/web/v1/tiers/100001/reglement-commande?numArticle=410102&dateValidite=2026-11-25`
    expect(cacheKeyOf(proposal)).toBe(proposal)
  })
})
