// The delivery history kept in Dexie (fake-indexeddb): saved per user and customer, parsed on
// read — a copy from before paging reads `suite` as null, a page that no longer parses ends what
// is shown (the pages after it would follow a missing one) and is reported.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../src/offline/db'
import { loadDeliveryPages, saveDeliveryPages } from '../../src/offline/deliveries'

const page = (dateDebut: string, suite: string | null = null) => ({
  dateDebut,
  dateFin: '2026-11-23',
  lignes: [],
  fin: false,
  suite,
})

beforeEach(async () => {
  await db.open()
  await db.deliveries.clear()
})
afterEach(() => vi.restoreAllMocks())

describe('the saved delivery history', () => {
  it('gives back the pages saved for that user and customer, with their date', async () => {
    const fetchedAt = Date.parse('2026-11-23T08:00:00Z')
    await saveDeliveryPages('u1', '100001', [page('2026-08-23', 'c1'), page('2026-08-23')], fetchedAt)
    expect(await loadDeliveryPages('u1', '100001')).toEqual({
      pages: [page('2026-08-23', 'c1'), page('2026-08-23')],
      savedAt: fetchedAt,
    })
    expect(await loadDeliveryPages('u2', '100001')).toBeNull()
  })

  it('parses what an older Silo wrote: no suite is null; the first unreadable page ends the list', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const savedAt = '2026-11-23T08:00:00.000Z'
    const { suite: _, ...beforePaging } = page('2026-08-23')
    // Written through Dexie's untyped table, as the browser holds it.
    await db.table('deliveries').bulkPut([
      { owner: 'u1', numTiers: '100001', key: '0000', delivery: beforePaging, savedAt },
      { owner: 'u1', numTiers: '100001', key: '0001', delivery: { lignes: 'x' }, savedAt },
      { owner: 'u1', numTiers: '100001', key: '0002', delivery: page('2026-05-23'), savedAt },
    ])
    expect(await loadDeliveryPages('u1', '100001')).toEqual({
      pages: [page('2026-08-23')],
      savedAt: Date.parse(savedAt),
    })
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Historique gardé illisible \(u1\/100001, page 0001\)/))
  })
})
