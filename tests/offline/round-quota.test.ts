// @vitest-environment jsdom
// An adviser's round under a full storage (issue 52, item 5): the member whose snapshot the device
// cannot keep is said to be not prepared (« Pas préparé : la mémoire de l’appareil est pleine »
// reads this status), and the others are prepared and kept all the same.
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { OWNER_COOKIE } from '../../src/contract/session-names'
import { horsConnexionFixture } from '../support/hors-connexion'

const OWNER = 'TagOfAdviser'
const MEMBRES = ['100001', '100002', '100100']

vi.mock('../../src/api/hors-connexion', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/hors-connexion')>()
  return { ...actual, fetchHorsConnexion: vi.fn() }
})

beforeAll(() => {
  document.cookie = `${OWNER_COOKIE}=${OWNER}`
  // The connection's own probe answers: the server is there.
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 200 })))
})
afterEach(async () => {
  const { db } = await import('../../src/offline/db')
  await db.delete()
})

describe('a round prepared on a full storage', () => {
  it('says which member could not be kept, and prepares the others', async () => {
    const api = await import('../../src/api/hors-connexion')
    const preparation = await import('../../src/offline/preparation')
    const { db } = await import('../../src/offline/db')
    const round = await import('../../src/api/round')
    api.setSnapshotLoader(preparation.readOwnSnapshot)
    round.saveRound({
      membres: MEMBRES.map((numTiers) => ({ numTiers, raisonSociale: `Adhérent ${numTiers}` })),
      jeton: 'proof',
      expire: new Date(Date.now() + 3_600_000).toISOString(),
    })
    const qc = new QueryClient()
    qc.setQueryData(['user', 'me'], { username: 'conseiller', actingFor: '100001' })
    const fetchSnapshot = vi.mocked(api.fetchHorsConnexion)
    for (const numTiers of MEMBRES)
      fetchSnapshot.mockResolvedValueOnce({
        changed: true,
        snapshot: horsConnexionFixture({ numTiers, version: `v-${numTiers}` }),
      })
    const put = db.snapshots.put.bind(db.snapshots)
    vi.spyOn(db.snapshots, 'put').mockImplementation((row, key) =>
      row.numTiers === '100002'
        ? (Promise.reject(Object.assign(new Error('Quota'), { name: 'QuotaExceededError' })) as ReturnType<typeof put>)
        : put(row, key),
    )

    // As the round picker does: one member after the other.
    for (const numTiers of MEMBRES) await preparation.prepareForNoSignal(qc, numTiers)

    expect(fetchSnapshot).toHaveBeenCalledTimes(3)
    expect(preparation.preparationStatus('100002').quotaFull).toBe(true)
    for (const numTiers of ['100001', '100100']) {
      expect(preparation.preparationStatus(numTiers)).toMatchObject({ quotaFull: false })
      expect(preparation.preparationStatus(numTiers).genereLe).toBeGreaterThan(0)
      expect((await db.snapshots.get([OWNER, numTiers]))?.version).toBe(`v-${numTiers}`)
    }
    expect(await db.snapshots.get([OWNER, '100002'])).toBeUndefined()
  })
})
