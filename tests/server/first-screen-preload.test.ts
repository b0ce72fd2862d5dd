// The app shell announces the first screen's reads to a signed-in browser (issue 17), with the
// paths and queries the browser's fetch client uses, for the customer the session acts for.
import { describe, expect, it } from 'vitest'
import { firstScreenPreload } from '../../src/server/http/first-screen-preload'
import type { SessionUser } from '../../src/server/http/env'
import { ROLE } from '../../src/domain/roles'
import { buildUrl } from '../../src/api/http-client'
import { livraisonsPageQuery, livraisonsPath } from '../../src/contract/livraisons'
import { incidentPaiementPath, incidentPaiementQuery } from '../../src/contract/paiement'
import { contratsPath, contratsQuery } from '../../src/contract/contrats'

const user = (roles: string[], username: string, actingFor: string | null = null): SessionUser => ({
  username,
  displayName: username,
  roles,
  email: null,
  actingFor,
  loginAt: new Date(),
  sessionId: 's',
})
const farmer = user([ROLE.LECTURE_PERSONNELLE, ROLE.ECRITURE_PERSONNELLE], '100001')
const facts = { typeTiers: 'ADH', today: '2026-11-25' }
const urls = (link: string | null) =>
  (link ?? '')
    .split(', ')
    .filter(Boolean)
    .map((l) => /^<([^>]+)>/.exec(l)![1])

describe('first-screen preload', () => {
  it('announces a farmer’s history reads on the home page, as fetches with credentials', () => {
    const link = firstScreenPreload('/', farmer, facts)!
    expect(urls(link)).toEqual(
      expect.arrayContaining([
        '/web/user/me',
        '/web/v1/tiers/100001',
        '/web/v1/tiers/100001/incident-paiement?typeTiers=ADH&numEntite=AGR',
        '/web/v1/tiers/100001/contrats?typeTiers=ADH&numEntite=AGR&dateValidite=2026-11-25',
        '/web/v1/referentiel?numTiers=100001',
        '/web/v1/referentiel/parametres-commande?numTiers=100001',
        '/web/v1/tiers/100001/livraisons?limite=12',
      ]),
    )
    for (const part of link.split(', ')) expect(part).toMatch(/; rel=preload; as=fetch; crossorigin=use-credentials$/)
    expect(urls(firstScreenPreload('/catalog/order_history', farmer, facts))).toContain(
      '/web/v1/tiers/100001/livraisons?limite=12',
    )
  })

  it('announces the URL the app asks for the history’s first page, query and all', () => {
    const asked = buildUrl(livraisonsPath('100001'), livraisonsPageQuery())
    expect(asked).toBe('/web/v1/tiers/100001/livraisons?limite=12')
    expect(urls(firstScreenPreload('/', farmer, facts))).toContain(asked)
  })

  it('announces the payment incident and the contracts with the query the app sends (typeTiers, numEntite, dateValidite)', () => {
    const link = urls(firstScreenPreload('/catalog/lots', farmer, facts))
    expect(link).toContain(buildUrl(incidentPaiementPath('100001'), incidentPaiementQuery('ADH')))
    expect(link).toContain(buildUrl(contratsPath('100001'), contratsQuery('ADH', '2026-11-25')))
    // A customer without a row: its typeTiers is unknown, those two are not announced.
    const unknown = urls(firstScreenPreload('/', farmer, { typeTiers: null, today: '2026-11-25' }))
    expect(unknown.some((u) => /incident-paiement|contrats/.test(u ?? ''))).toBe(false)
  })

  it('leaves the history out of other screens, and says nothing without a session or outside the shell', () => {
    expect(urls(firstScreenPreload('/catalog/lots', farmer, facts))).not.toContain(
      '/web/v1/tiers/100001/livraisons?limite=12',
    )
    expect(firstScreenPreload('/', null, facts)).toBeNull()
    expect(firstScreenPreload('/login', farmer, facts)).toBeNull()
    expect(firstScreenPreload('/admin/parametres', farmer, facts)).toBeNull()
  })

  it('uses the member staff act for, and only the user before they choose one', () => {
    const adviser = [ROLE.ECRITURE_PORTEFEUILLE]
    expect(urls(firstScreenPreload('/', user(adviser, 'tech1', '100002'), facts))).toContain(
      '/web/v1/tiers/100002/livraisons?limite=12',
    )
    expect(urls(firstScreenPreload('/', user(adviser, 'tech1'), facts))).toEqual([
      '/web/user/me',
      '/public/infos/url-portail',
    ])
  })
})
