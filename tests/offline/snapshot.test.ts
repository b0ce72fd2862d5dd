// @vitest-environment jsdom
// The preparation for no signal as one download (issue 50): the member's snapshot is asked with the
// version held (If-None-Match), kept on the device under the signed-in person, seeded into the query
// cache under the screens' own keys, and the per-article reads are answered from its tables with no
// request. A 304 only marks the copy checked; a full storage is said, and the rest goes on.
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HorsConnexion } from '../../src/contract/hors-connexion'
import { horsConnexionFixture } from '../support/hors-connexion'
import { OWNER_COOKIE } from '../../src/contract/session-names'

const OWNER = 'TagOfA'

vi.mock('../../src/api/hors-connexion', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/hors-connexion')>()
  return { ...actual, fetchHorsConnexion: vi.fn() }
})

const recorded = horsConnexionFixture()

/** The recorded snapshot of 100001 (tests/support/hors-connexion.ts), with tables these tests read. */
function snapshot(version: string): HorsConnexion {
  return horsConnexionFixture({
    version,
    genereLe: '2026-11-29T07:05:00+01:00',
    parametresCommande: { ...recorded.parametresCommande, heurePivot: '11:00' },
    tables: {
      cites: [
        { numArticle: 'S1', libelle: 'Levure', libelleLong: null, codeTypeArticle: 'A', codeSousTypeArticle: 'SU' },
        {
          numArticle: 'M1',
          libelle: 'Minéral vache',
          libelleLong: null,
          codeTypeArticle: 'M',
          codeSousTypeArticle: null,
        },
      ],
      supplementations: [{ numArticle: '410102', numArticleSupplementation: 'S1', groupe: 'G1' }],
      mineraux: [{ numArticle: '410102', numArticleMineral: 'M1' }],
      contraintesArticle: [{ numArticle: '410102', quantiteMin: 2, quantiteMax: 30, quantiteMaxMineral: null }],
      contraintesLivraison: [],
      incompatibilites: [{ numArticle: '410102', numAdr: 2, motif: 'Cahier des charges bio' }],
    },
    commandesHistorique: { dateDebut: '2026-08-30', dateFin: '2026-11-29', commandes: [], precedente: null },
    livraisons: { dateDebut: '2026-08-30', dateFin: '2026-11-29', lignes: [], fin: true, suite: null },
  })
}
const ARTICLES = recorded.articles

async function load() {
  vi.resetModules()
  const api = await import('../../src/api/hors-connexion')
  const preparation = await import('../../src/offline/preparation')
  const { db } = await import('../../src/offline/db')
  const articles = await import('../../src/api/articles')
  const paiement = await import('../../src/api/paiement')
  const parametres = await import('../../src/api/parametres-commande')
  api.setSnapshotLoader(preparation.readOwnSnapshot)
  const fetchSnapshot = vi.mocked(api.fetchHorsConnexion)
  fetchSnapshot.mockReset() // one mock for every module registry
  const qc = new QueryClient()
  qc.setQueryData(['user', 'me'], { username: '100001', actingFor: null })
  return { api, preparation, db, articles, paiement, parametres, fetchSnapshot, qc }
}

/** The connection's own probe is answered (the server is there); any other request is a failure. */
const serverFetch = vi.fn((url: string | URL | Request) =>
  String(url).includes('/public/infos/version')
    ? Promise.resolve(new Response(null, { status: 200 }))
    : Promise.reject(new Error('no request expected')),
)
const apiRequests = () => serverFetch.mock.calls.filter(([url]) => String(url).includes('/web/'))

beforeAll(() => {
  document.cookie = `${OWNER_COOKIE}=${OWNER}`
})
beforeEach(() => {
  vi.stubGlobal('fetch', serverFetch)
  serverFetch.mockClear()
})
afterEach(async () => {
  const { db } = await import('../../src/offline/db')
  await db.delete()
  vi.unstubAllGlobals()
})

describe('the preparation for no signal', () => {
  it('downloads the snapshot once, keeps it for its owner, and seeds the screens’ queries', async () => {
    const { preparation, db, fetchSnapshot, qc } = await load()
    fetchSnapshot.mockResolvedValueOnce({ changed: true, snapshot: snapshot('v1') })

    await preparation.prepareForNoSignal(qc, '100001')

    expect(fetchSnapshot).toHaveBeenCalledTimes(1)
    expect(fetchSnapshot.mock.calls[0]!.slice(0, 2)).toEqual(['100001', null])
    const row = await db.snapshots.get([OWNER, '100001'])
    expect(row?.version).toBe('v1')
    expect(row?.data.tiers.raisonSociale).toBe('GAEC DES TROIS CHÊNES')
    expect(qc.getQueryData(['articles', '100001'])).toEqual(ARTICLES)
    expect(qc.getQueryData(['tiers', '100001'])).toMatchObject({ raisonSociale: 'GAEC DES TROIS CHÊNES' })
    expect(qc.getQueryData(['parametres-commande', '100001', null, null])).toMatchObject({ heurePivot: '11:00' })
    expect(qc.getQueryData(['reglement-tiers', '100001', '', ''])).toEqual(recorded.reglementTiers)
    // The paged lists: their first page, with the page parameter the screens start from.
    expect(qc.getQueryData(['commandes', '100001', 'en-cours', 'pages'])).toEqual({
      pages: [recorded.commandesEnCours],
      pageParams: [undefined],
    })
    expect(qc.getQueryData(['commandes', '100001', 'historique'])).toEqual({
      pages: [
        {
          paging: { window: { dateDebut: '2026-08-30', dateFin: '2026-11-29' }, termine: false },
          commandes: [],
          precedente: null,
        },
      ],
      pageParams: [{ window: { dateDebut: '2026-08-30', dateFin: '2026-11-29' }, termine: false }],
    })
    expect(qc.getQueryData(['livraisons', '100001', 'historique'])).toMatchObject({ pageParams: [{}] })
    expect(qc.getQueryData(['livraisons', '100001', 'dernieres', 'debut'])).toMatchObject({ fin: true })
    expect(preparation.preparationStatus('100001')).toMatchObject({
      genereLe: Date.parse('2026-11-29T07:05:00+01:00'),
      quotaFull: false,
    })
    expect(apiRequests()).toEqual([])
  })

  it('leaves the history alone when the snapshot’s page of deliveries is longer than its first page', async () => {
    const { preparation, fetchSnapshot, qc } = await load()
    const s = snapshot('v1')
    const lignes = Array.from({ length: 20 }, (_, i) => ({ ...recorded.livraisons.lignes[0]!, numLigne: i }))
    fetchSnapshot.mockResolvedValueOnce({
      changed: true,
      snapshot: horsConnexionFixture({ ...s, livraisons: { ...s.livraisons, lignes, fin: false } }),
    })
    await preparation.prepareForNoSignal(qc, '100001')
    expect(qc.getQueryData(['livraisons', '100001', 'historique'])).toBeUndefined()
    expect(qc.getQueryData(['articles', '100001'])).toEqual(ARTICLES)
  })

  it('answers the per-article reads from the snapshot, with no request', async () => {
    const { preparation, fetchSnapshot, qc, articles, paiement, parametres } = await load()
    fetchSnapshot.mockResolvedValueOnce({ changed: true, snapshot: snapshot('v1') })
    await preparation.prepareForNoSignal(qc, '100001')

    expect(await qc.fetchQuery(articles.supplementationsQueryOptions('A', '410102', '100001'))).toEqual([
      { numArticle: 'S1', libelleArticle: 'Levure', libelleLong: 'Levure', codeSousTypeArticle: 'SU', groupe: 'G1' },
    ])
    expect(await qc.fetchQuery(articles.minerauxQueryOptions('A', '410102', '100001'))).toEqual([
      { numArticle: 'M1', libelleArticle: 'Minéral vache', codeTypeArticle: 'M' },
    ])
    expect(await qc.fetchQuery(articles.contraintesLivraisonQueryOptions('A', '410102', '100001', 1))).toMatchObject({
      lundi: true,
      samedi: false,
    })
    expect(await qc.fetchQuery(articles.validationAdresseQueryOptions('410102', '100001', 2))).toEqual({
      valid: false,
      motif: 'Cahier des charges bio',
    })
    expect(await qc.fetchQuery(parametres.parametresCommandeRawQueryOptions('100001', '410102', 'LOT1'))).toMatchObject(
      { heurePivot: '11:00', contraintesArticle: { quantiteMin: 2, quantiteMax: 30 } },
    )
    expect(
      await qc.fetchQuery(
        paiement.reglementTiersQueryOptions('100001', { numArticle: '410102', codeTypeArticle: 'A' }),
      ),
    ).toEqual(recorded.reglementTiers)
    expect(apiRequests()).toEqual([])
  })

  it('asks again with the version held: a 304 downloads nothing and marks the copy checked', async () => {
    const { preparation, db, fetchSnapshot, qc } = await load()
    fetchSnapshot.mockResolvedValueOnce({ changed: true, snapshot: snapshot('v1') })
    await preparation.prepareForNoSignal(qc, '100001')
    const first = (await db.snapshots.get([OWNER, '100001']))!.checkedAt
    await new Promise((r) => setTimeout(r, 5))

    // A mount or a reconnection right after the answer asks nothing; the foreground asks.
    await preparation.prepareForNoSignal(qc, '100001')
    expect(fetchSnapshot).toHaveBeenCalledTimes(1)
    fetchSnapshot.mockResolvedValueOnce({ changed: false })
    await preparation.prepareForNoSignal(qc, '100001', true)
    expect(fetchSnapshot.mock.calls[1]!.slice(0, 2)).toEqual(['100001', 'v1'])
    const row = (await db.snapshots.get([OWNER, '100001']))!
    expect(row.version).toBe('v1')
    expect(row.checkedAt > first).toBe(true)
  })

  it('a new page reads the device’s copy: within 30 s of its last check it asks nothing, later it asks with its version', async () => {
    const first = await load()
    first.fetchSnapshot.mockResolvedValueOnce({ changed: true, snapshot: snapshot('v1') })
    await first.preparation.prepareForNoSignal(first.qc, '100001')

    // A reload right after (the service worker taking control): the device heard the server a
    // moment ago, and its copy answers.
    const next = await load()
    await next.preparation.prepareForNoSignal(next.qc, '100001')
    expect(next.fetchSnapshot).not.toHaveBeenCalled()
    expect(next.qc.getQueryData(['articles', '100001'])).toEqual(ARTICLES)
    expect(await next.qc.fetchQuery(next.articles.minerauxQueryOptions('A', '410102', '100001'))).toHaveLength(1)
    expect(next.preparation.preparationStatus('100001').genereLe).toBeGreaterThan(0)

    // A page opened 31 s later asks, with the version the device holds.
    const later = await load()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 31_000)
    try {
      later.fetchSnapshot.mockRejectedValueOnce(new Error('no network'))
      await later.preparation.prepareForNoSignal(later.qc, '100001')
      expect(later.fetchSnapshot.mock.calls[0]!.slice(0, 2)).toEqual(['100001', 'v1'])
    } finally {
      clock.mockRestore()
    }
    expect(apiRequests()).toEqual([])
  })

  it('a full storage is said; the snapshot still answers while the app is open', async () => {
    const { preparation, db, fetchSnapshot, qc, articles } = await load()
    vi.spyOn(db.snapshots, 'put').mockRejectedValueOnce(
      Object.assign(new Error('Quota'), { name: 'QuotaExceededError' }),
    )
    fetchSnapshot.mockResolvedValueOnce({ changed: true, snapshot: snapshot('v1') })
    await preparation.prepareForNoSignal(qc, '100001')

    expect(preparation.preparationStatus('100001').quotaFull).toBe(true)
    expect(await db.snapshots.count()).toBe(0)
    expect(await qc.fetchQuery(articles.minerauxQueryOptions('A', '410102', '100001'))).toHaveLength(1)
    expect(qc.getQueryData(['articles', '100001'])).toEqual(ARTICLES)
  })

  it('another person on the device reads nothing of the first one’s snapshot', async () => {
    const { preparation, db, fetchSnapshot, qc } = await load()
    fetchSnapshot.mockResolvedValueOnce({ changed: true, snapshot: snapshot('v1') })
    await preparation.prepareForNoSignal(qc, '100001')
    const { readSnapshotRow } = await import('../../src/offline/snapshot')
    expect(await readSnapshotRow('TagOfB', '100001')).toBeNull()
    const { sealEveryone } = await import('../../src/offline/seal')
    await sealEveryone()
    expect(await db.snapshots.count()).toBe(0)
  })
})
