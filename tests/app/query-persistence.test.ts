// @vitest-environment jsdom
// The device's copy of the query cache (issue 29): the first screen's in localStorage. The
// per-article reads are never kept since issue 50: the member's snapshot answers them
// (api/hors-connexion), and an older Silo's copy drops them at its next save.
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { OWNER_COOKIE } from '../../src/contract/session-names'

const OWNER = 'TagOfA'
const LOCAL_KEY = `silo-query-cache:${OWNER}`
const ARTICLE_KEY = ['supplementations', 'A', '410102', '100001']
const FIRST_KEY = ['livraisons', '100001']

/** The single copy an older Silo wrote: the history and an article's read together. */
function olderCopy(buster: string): string {
  const at = Date.now() - 60_000
  const query = (queryKey: unknown[], data: unknown) => ({
    queryKey,
    queryHash: JSON.stringify(queryKey),
    state: { data, dataUpdatedAt: at, status: 'success', fetchStatus: 'idle', error: null, errorUpdatedAt: 0 },
  })
  return JSON.stringify({
    timestamp: at,
    buster,
    clientState: {
      mutations: [],
      queries: [query(FIRST_KEY, { pages: [] }), query(ARTICLE_KEY, [{ numArticle: 'S1' }])],
    },
  })
}

const local = () => localStorage.getItem(LOCAL_KEY) ?? ''

beforeAll(() => {
  document.cookie = `${OWNER_COOKIE}=${OWNER}`
})

describe("an older Silo's copy", () => {
  it('leaves its per-article reads out at the next save: the snapshot for no signal answers them now', async () => {
    vi.resetModules()
    const { createPersistOptions } = await import('../../src/app/query-client')
    const persistence = await import('../../src/app/query-persistence')
    const queryClient = new QueryClient()
    const options = { queryClient, ...createPersistOptions() }
    localStorage.setItem(LOCAL_KEY, olderCopy(options.buster!))

    await persistence.restoreAndPersist(options)
    queryClient.setQueryData(FIRST_KEY, { pages: [{ lignes: [] }] })
    await vi.waitFor(() => expect(local()).toContain('"lignes"'), { timeout: 3_000 })
    expect(local()).not.toContain('supplementations')
  })
})

describe('a page hidden right after a change', () => {
  it('has the change in its copy before the page goes (a reload at once opens on it)', async () => {
    vi.resetModules()
    localStorage.clear()
    const { createPersistOptions } = await import('../../src/app/query-client')
    const persistence = await import('../../src/app/query-persistence')
    const queryClient = new QueryClient()
    const options = { queryClient, ...createPersistOptions() }
    await persistence.restoreAndPersist(options)
    queryClient.setQueryData(['user'], { actingFor: '100002' })
    // No task runs between the pagehide and the page's end: the copy must be written within the event.
    dispatchEvent(new Event('pagehide'))
    expect(local()).toContain('"actingFor":"100002"')
  })
})

describe('the page the server rendered', () => {
  it('keeps the server’s data: the device’s copy of the same query is not restored over it, whatever its date (issue 49)', async () => {
    vi.resetModules()
    localStorage.clear()
    const { createPersistOptions } = await import('../../src/app/query-client')
    const persistence = await import('../../src/app/query-persistence')
    const { dehydrate } = await import('@tanstack/react-query')
    const options = { queryClient: new QueryClient(), ...createPersistOptions() }
    // The device's copy: the history without the delivery just posted, stamped by a clock running
    // ten minutes ahead of the server's; and another query the server did not render.
    const ahead = Date.now() + 10 * 60_000
    const copy = JSON.parse(olderCopy(options.buster!)) as {
      timestamp: number
      clientState: { queries: { state: { dataUpdatedAt: number } }[] }
    }
    for (const q of copy.clientState.queries) q.state.dataUpdatedAt = ahead
    localStorage.setItem(LOCAL_KEY, JSON.stringify(copy))
    // The server's render: the history with the new delivery, at the server's time.
    const server = new QueryClient()
    server.setQueryData(FIRST_KEY, { pages: [{ lignes: ['BL-NEW'] }] })
    const rendered = dehydrate(server)
    const { hydrate } = await import('@tanstack/react-query')
    hydrate(options.queryClient, rendered)

    await persistence.restoreAndPersist(options, rendered)
    expect(options.queryClient.getQueryData(FIRST_KEY)).toEqual({ pages: [{ lignes: ['BL-NEW'] }] })
    // What the server did not render comes from the device's copy as before.
    expect(options.queryClient.getQueryData(ARTICLE_KEY)).toEqual([{ numArticle: 'S1' }])
  })
})
