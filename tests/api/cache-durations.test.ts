// How long the client keeps an answer before asking again (ordering-area §9 "Cache durations").
import { describe, expect, it } from 'vitest'
import { validationAdresseQueryOptions } from '../../src/api/articles'
import { contratsQueryOptions } from '../../src/api/contrats'
import { exploitationsQueryOptions } from '../../src/api/exploitations'

describe('cache durations', () => {
  it('exploitations and contracts 60 s; delivery-address validity 600 s', () => {
    expect(exploitationsQueryOptions('100001').staleTime).toBe(60_000)
    expect(contratsQueryOptions('100001').staleTime).toBe(60_000)
    expect(validationAdresseQueryOptions('470101', '100001', 1).staleTime).toBe(600_000)
  })
})
