// The persister's quota fallback (issue 24): what an order needs offline is dropped last.
import { describe, expect, it } from 'vitest'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { dropLeastNeeded } from '../../src/offline/persist-retry'

const query = (key: string, at: number) =>
  ({ queryKey: [key, '100001'], queryHash: `${key}-${at}`, state: { dataUpdatedAt: at } }) as never

const client = (queries: unknown[]): PersistedClient =>
  ({ timestamp: 0, buster: '', clientState: { mutations: [], queries } }) as unknown as PersistedClient

describe('dropLeastNeeded', () => {
  it('drops the pages only read, oldest first, before what an order needs', () => {
    const queries = [
      query('referentiel', 1),
      query('contraintes-livraison', 2),
      query('livraisons', 5),
      query('commandes', 3),
      ...Array.from({ length: 8 }, (_, i) => query('reglement-tiers', 10 + i)),
    ]
    const kept = (c: PersistedClient | undefined) => c!.clientState.queries.map((q) => String(q.queryKey[0]))
    const once = dropLeastNeeded({ persistedClient: client(queries), error: new Error('quota'), errorCount: 1 })
    // A tenth at a time (here 2 of 12): the two pages only read, though not the oldest.
    expect(kept(once)).toEqual(['referentiel', 'contraintes-livraison', ...Array(8).fill('reglement-tiers')])
    const twice = dropLeastNeeded({ persistedClient: once!, error: new Error('quota'), errorCount: 2 })
    expect(kept(twice)).toEqual(['contraintes-livraison', ...Array(8).fill('reglement-tiers')])
  })

  it('gives up when nothing is left', () => {
    expect(dropLeastNeeded({ persistedClient: client([]), error: new Error('quota'), errorCount: 1 })).toBeUndefined()
  })
})
