// The app shell announces the first screen's reads to a signed-in browser (issue 17), with the
// paths and queries the browser's fetch client uses, for the customer the session acts for.
import { describe, expect, it } from 'vitest'
import { firstScreenPreload } from '../../src/server/http/first-screen-preload'
import type { SessionUser } from '../../src/server/http/env'
import { ROLE } from '../../src/domain/roles'
import { buildUrl } from '../../src/api/http-client'
import { livraisonsPageQuery, livraisonsPath } from '../../src/api/contract/livraisons'

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
const urls = (link: string | null) =>
  (link ?? '')
    .split(', ')
    .filter(Boolean)
    .map((l) => /^<([^>]+)>/.exec(l)![1])

describe('first-screen preload', () => {
  it('announces a farmer’s history reads on the home page, as fetches with credentials', () => {
    const link = firstScreenPreload('/', farmer)!
    expect(urls(link)).toEqual(
      expect.arrayContaining([
        '/web/user/me',
        '/web/v1/tiers/100001',
        '/web/v1/tiers/100001/incident-paiement?numEntite=AGR',
        '/web/v1/referentiel?numTiers=100001',
        '/web/v1/referentiel/parametres-commande?numTiers=100001',
        '/web/v1/tiers/100001/livraisons?limite=12',
      ]),
    )
    for (const part of link.split(', ')) expect(part).toMatch(/; rel=preload; as=fetch; crossorigin=use-credentials$/)
    expect(urls(firstScreenPreload('/catalog/order_history', farmer))).toContain(
      '/web/v1/tiers/100001/livraisons?limite=12',
    )
  })

  it('announces the URL the app asks for the history’s first page, query and all', () => {
    const asked = buildUrl(livraisonsPath('100001'), livraisonsPageQuery())
    expect(asked).toBe('/web/v1/tiers/100001/livraisons?limite=12')
    expect(urls(firstScreenPreload('/', farmer))).toContain(asked)
  })

  it('leaves the history out of other screens, and says nothing without a session or outside the shell', () => {
    expect(urls(firstScreenPreload('/catalog/lots', farmer))).not.toContain('/web/v1/tiers/100001/livraisons?limite=12')
    expect(firstScreenPreload('/', null)).toBeNull()
    expect(firstScreenPreload('/login', farmer)).toBeNull()
    expect(firstScreenPreload('/admin/parametres', farmer)).toBeNull()
  })

  it('uses the member staff act for, and only the user before they choose one', () => {
    const adviser = [ROLE.ECRITURE_PORTEFEUILLE]
    expect(urls(firstScreenPreload('/', user(adviser, 'tech1', '100002')))).toContain(
      '/web/v1/tiers/100002/livraisons?limite=12',
    )
    expect(urls(firstScreenPreload('/', user(adviser, 'tech1')))).toEqual(['/web/user/me', '/public/infos/url-portail'])
  })
})
