// @vitest-environment jsdom
// The per-article reads' copy (issue 29): kept in IndexedDB apart from the first screen's copy,
// under the signed-in user only, restored into the cache without replacing newer data, dropped
// when written by another version of the app.
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { OWNER_COOKIE } from '../../src/contract/session-names'

type Copy = typeof import('../../src/offline/article-copy')
type Db = typeof import('../../src/offline/db')
let copy: Copy
let db: Db['db']
const rules = { maxAge: 7 * 24 * 3600_000, buster: 'v1' }

beforeAll(async () => {
  // The page's owner is read once, as the module loads (api/device-owner).
  document.cookie = `${OWNER_COOKIE}=TagOfA`
  vi.resetModules()
  copy = await import('../../src/offline/article-copy')
  db = (await import('../../src/offline/db')).db
})
afterEach(async () => {
  await db.queryCopies.clear()
})

/** A cache with what the order-line form and the first screen read for 100001. */
function filled(at = Date.now()): QueryClient {
  const qc = new QueryClient()
  const set = (key: unknown[], data: unknown) => qc.setQueryData(key, data, { updatedAt: at })
  set(['supplementations', 'A', '410102', '100001'], [{ numArticle: 'S1' }])
  set(['mineraux', 'A', '410102', '100001'], [])
  set(['contraintes-livraison', 'A', '410102', '100001', 1], { joursLivrables: [1, 2] })
  set(['reglement-tiers', '100001', '410102', 'A'], [{ codeModeReglement: 'VIR' }])
  set(['parametres-commande', '100001', '410102', null], { delaiMin: 2 })
  set(['parametres-commande', '100001', null, null], { delaiMin: 1 })
  set(['livraisons', '100001'], { pages: [] })
  return qc
}

const keys = (qc: QueryClient) =>
  qc
    .getQueryCache()
    .getAll()
    .map((q) => JSON.stringify(q.queryKey))
    .sort()

describe('the per-article reads', () => {
  it("are the order-line form's and the payment step's reads of one article, not the customer's", async () => {
    const { isArticleRead } = await import('../../src/api/article-reads')
    const articles = await import('../../src/api/articles')
    const { parametresCommandeRawQueryOptions } = await import('../../src/api/parametres-commande')
    const { reglementTiersQueryOptions } = await import('../../src/api/paiement')
    const { tiersQueryOptions } = await import('../../src/api/tiers')
    for (const { queryKey } of [
      articles.supplementationsQueryOptions('A', '410102', '100001'),
      articles.minerauxQueryOptions('A', '410102', '100001'),
      articles.contraintesLivraisonQueryOptions('A', '410102', '100001', 1),
      articles.validationAdresseQueryOptions('410102', '100001', 1),
      parametresCommandeRawQueryOptions('100001', '410102'),
      reglementTiersQueryOptions('100001', { numArticle: '410102', codeTypeArticle: 'A' }),
    ])
      expect(isArticleRead(queryKey), JSON.stringify(queryKey)).toBe(true)
    for (const { queryKey } of [
      articles.articlesQueryOptions('100001'),
      parametresCommandeRawQueryOptions('100001'),
      tiersQueryOptions('100001'),
    ])
      expect(isArticleRead(queryKey), JSON.stringify(queryKey)).toBe(false)
  })
})

describe("the per-article reads' copy", () => {
  it('holds the article reads only, and brings them back into an empty cache', async () => {
    await copy.saveArticleCopy(filled(), 'v1')
    const row = await db.queryCopies.get('TagOfA')
    expect(row?.client).toContain('contraintes-livraison')
    expect(row?.client).not.toContain('["livraisons"')
    expect(row?.client).not.toContain('["parametres-commande","100001",null')
    const restored = new QueryClient()
    expect(await copy.restoreArticleCopy(restored, rules)).toBeGreaterThan(0)
    expect(keys(restored)).toEqual([
      '["contraintes-livraison","A","410102","100001",1]',
      '["mineraux","A","410102","100001"]',
      '["parametres-commande","100001","410102",null]',
      '["reglement-tiers","100001","410102","A"]',
      '["supplementations","A","410102","100001"]',
    ])
    expect(restored.getQueryData(['supplementations', 'A', '410102', '100001'])).toEqual([{ numArticle: 'S1' }])
  })

  it('keeps what the cache holds newer', async () => {
    await copy.saveArticleCopy(filled(Date.now() - 60_000), 'v1')
    const qc = new QueryClient()
    qc.setQueryData(['supplementations', 'A', '410102', '100001'], [{ numArticle: 'S2' }])
    await copy.restoreArticleCopy(qc, rules)
    expect(qc.getQueryData(['supplementations', 'A', '410102', '100001'])).toEqual([{ numArticle: 'S2' }])
  })

  it("never reads another user's copy, and drops it with the others' copies", async () => {
    await db.queryCopies.put({
      owner: 'TagOfB',
      client: JSON.stringify({ timestamp: Date.now(), buster: 'v1', clientState: { mutations: [], queries: [] } }),
    })
    expect(await copy.restoreArticleCopy(new QueryClient(), rules)).toBe(0)
    await copy.saveArticleCopy(filled(), 'v1')
    await copy.dropArticleCopies('TagOfA')
    expect((await db.queryCopies.toArray()).map((r) => r.owner)).toEqual(['TagOfA'])
    await copy.dropArticleCopies(null)
    expect(await db.queryCopies.count()).toBe(0)
  })

  it('drops a copy written by another version of the app, or too old, without reading it', async () => {
    await copy.saveArticleCopy(filled(), 'v0')
    const qc = new QueryClient()
    expect(await copy.restoreArticleCopy(qc, rules)).toBe(0)
    expect(keys(qc)).toEqual([])
    expect(await db.queryCopies.count()).toBe(0)
    await copy.saveArticleCopy(filled(), 'v1')
    expect(await copy.restoreArticleCopy(qc, { ...rules, maxAge: -1 })).toBe(0)
    expect(await db.queryCopies.count()).toBe(0)
  })
})
