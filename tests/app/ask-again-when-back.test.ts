// @vitest-environment jsdom
// What a screen got while the app said offline (the service worker's copy after its 4 s wait) is
// asked again once the server answers, even while TanStack still counts it fresh: a delivery the
// ERP had posted stayed hidden after a tap on Historique (seen in CI on a busy machine).
import { afterEach, describe, expect, it } from 'vitest'
import { reportAnswer, reportNoAnswer } from '../../src/api/connection'
import { createQueryClient } from '../../src/app/query-client'

afterEach(() => reportAnswer())

describe('back online', () => {
  it('asks again what was read while offline, not what was read before', async () => {
    reportAnswer()
    const client = createQueryClient()
    let asked = 0
    const read = (key: string) => client.fetchQuery({ queryKey: [key], queryFn: () => ++asked, staleTime: 60_000 })
    await read('before')
    await new Promise((r) => setTimeout(r, 5)) // not within the same millisecond
    reportNoAnswer()
    await read('offline')
    reportAnswer()
    expect(client.getQueryState(['offline'])?.isInvalidated).toBe(true)
    expect(client.getQueryState(['before'])?.isInvalidated).toBe(false)
  })

  it('does not ask again the answer that brought the app back', async () => {
    reportAnswer()
    const client = createQueryClient()
    reportNoAnswer()
    // The server's slow answer: the request reports it before its data is the query's.
    await client.fetchQuery({
      queryKey: ['slow'],
      queryFn: () => {
        reportAnswer()
        return 1
      },
      staleTime: 60_000,
    })
    expect(client.getQueryState(['slow'])?.isInvalidated).toBe(false)
  })
})
