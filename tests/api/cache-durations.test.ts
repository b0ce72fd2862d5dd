// How long the client keeps an answer before asking again (ordering-area §9 "Cache durations").
import { describe, expect, it } from 'vitest'
import { validationAdresseQueryOptions } from '../../src/api/articles'
import { contratsQueryOptions } from '../../src/api/contrats'
import { exploitationsQueryOptions } from '../../src/api/exploitations'
import { QueryClient } from '@tanstack/react-query'
import { DateTime } from 'luxon'
import {
  commandeQueryOptions,
  commandesEnCoursQueryOptions,
  commandesHistoriqueQueryOptions,
} from '../../src/api/commandes'
import { historyQueryOptions, recentLivraisonsQueryOptions } from '../../src/api/livraisons'

describe('cache durations', () => {
  it('exploitations and contracts 60 s; delivery-address validity 600 s', () => {
    expect(exploitationsQueryOptions('100001').staleTime).toBe(60_000)
    expect(contratsQueryOptions('100001').staleTime).toBe(60_000)
    expect(validationAdresseQueryOptions('470101', '100001', 1).staleTime).toBe(600_000)
  })
  it('what the ERP changes, deliveries and orders alike, is read again after 60 s (issue 49 item 8)', () => {
    const now = DateTime.fromISO('2026-11-23T08:00', { zone: 'Europe/Paris' })
    for (const staleTime of [
      historyQueryOptions(new QueryClient(), '100001').staleTime,
      recentLivraisonsQueryOptions('100001').staleTime,
      commandesEnCoursQueryOptions('100001').staleTime,
      commandesHistoriqueQueryOptions('100001', now).staleTime,
      commandeQueryOptions('100001', '123').staleTime,
    ])
      expect(staleTime).toBe(60_000)
  })
})
