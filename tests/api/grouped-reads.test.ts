// api/grouped-reads (issue 29): the reads asked in one task go as one request, each caller gets
// its own answer; a read alone, a group the server does not know, or no answer: each read alone.
// A group refused for a while (429, issue 42) is sent again after its Retry-After, never sooner.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_SENDS, readGrouper, retryAfterMs } from '../../src/api/grouped-reads'

const ok = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('grouped reads', () => {
  it('the reads asked in one task go as one group; each caller gets its own status and body', async () => {
    const post = vi.fn(async (chemins: string[]) =>
      ok({ reponses: chemins.map((c, i) => ({ statut: i === 1 ? 403 : 200, corps: { c } })) }),
    )
    const { groupedRead: read } = readGrouper(post)
    const alone = vi.fn(async () => ok('seul'))
    const answers = await Promise.all(['/a', '/b', '/c'].map((url) => read(url, alone)))
    expect(post).toHaveBeenCalledTimes(1)
    expect(post).toHaveBeenCalledWith(['/a', '/b', '/c'])
    expect(alone).not.toHaveBeenCalled()
    expect(answers.map((r) => r.status)).toEqual([200, 403, 200])
    expect(await answers[2]!.json()).toEqual({ c: '/c' })
  })

  it('a read alone is sent alone', async () => {
    const post = vi.fn()
    const { groupedRead: read } = readGrouper(post)
    const res = await read('/a', async () => ok('seul'))
    expect(post).not.toHaveBeenCalled()
    expect(await res.json()).toBe('seul')
  })

  it('a server that does not know the group, a wrong answer or no answer: each read alone', async () => {
    for (const post of [
      async () => ok({ message: 'Introuvable' }, 404),
      async () => ok({ reponses: [{ statut: 200, corps: 1 }] }),
      async () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const { groupedRead: read } = readGrouper(post)
      const answers = await Promise.all(['/a', '/b'].map((url) => read(url, async () => ok(url))))
      expect(await Promise.all(answers.map((r) => r.json()))).toEqual(['/a', '/b'])
    }
  })

  it('held reads (the preparation) without an answer fail at once with the group’s error, none sent alone', async () => {
    const cut = new TypeError('Failed to fetch')
    const { groupedRead: read, hold } = readGrouper(async () => Promise.reject(cut))
    const alone = vi.fn(async () => ok('seul'))
    const release = hold()
    const reads = ['/a', '/b', '/c'].map((url) => read(url, alone))
    release()
    for (const r of reads) await expect(r).rejects.toBe(cut)
    expect(alone).not.toHaveBeenCalled()
  })

  it('held reads the server does not know as a group (404) are still sent alone', async () => {
    const { groupedRead: read, hold } = readGrouper(async () => ok({ message: 'Introuvable' }, 404))
    const release = hold()
    const reads = ['/a', '/b'].map((url) => read(url, async () => ok(url)))
    release()
    expect(await Promise.all((await Promise.all(reads)).map((r) => r.json()))).toEqual(['/a', '/b'])
  })

  it('a read cancelled by its caller rejects; the others get their answers', async () => {
    const { groupedRead: read } = readGrouper(async (chemins) =>
      ok({ reponses: chemins.map(() => ({ statut: 200, corps: 1 })) }),
    )
    const ctrl = new AbortController()
    const cancelled = read('/a', async () => ok(0), ctrl.signal)
    const kept = read('/b', async () => ok(0))
    ctrl.abort(new DOMException('annulée', 'AbortError'))
    await expect(cancelled).rejects.toThrow('annulée')
    expect((await kept).status).toBe(200)
  })

  it('a 204 in a group is a 204 without a body', async () => {
    const { groupedRead: read } = readGrouper(async () =>
      ok({
        reponses: [
          { statut: 204, corps: null },
          { statut: 200, corps: [] },
        ],
      }),
    )
    const [empty, list] = await Promise.all([read('/a', vi.fn()), read('/b', vi.fn())])
    expect(empty!.status).toBe(204)
    expect(await list!.json()).toEqual([])
  })
})

describe('a group refused for a while (429, Retry-After)', () => {
  afterEach(() => vi.useRealTimers())

  const refused = (retryAfter: string | null, status = 429) =>
    new Response(JSON.stringify({ message: 'Trop de lectures groupées en une minute', code: 'LECTURES_LIMITEES' }), {
      status,
      headers: { 'Content-Type': 'application/json', ...(retryAfter === null ? {} : { 'Retry-After': retryAfter }) },
    })
  const answered = (chemins: string[]) => ok({ reponses: chemins.map((c) => ({ statut: 200, corps: c })) })

  it('waits the Retry-After it names, then sends the group again (never sooner, nothing alone)', async () => {
    vi.useFakeTimers()
    const post = vi
      .fn<(chemins: string[]) => Promise<Response>>()
      .mockResolvedValueOnce(refused('7'))
      .mockImplementation(async (chemins) => answered(chemins))
    const alone = vi.fn(async () => ok('seul'))
    const { groupedRead: read } = readGrouper(post)
    const answers = Promise.all(['/a', '/b'].map((url) => read(url, alone)))
    await vi.advanceTimersByTimeAsync(6_999)
    expect(post).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(post).toHaveBeenCalledTimes(2)
    expect(post).toHaveBeenLastCalledWith(['/a', '/b'])
    expect(await Promise.all((await answers).map((r) => r.json()))).toEqual(['/a', '/b'])
    expect(alone).not.toHaveBeenCalled()
  })

  it('refused again and again: sent MAX_SENDS times, each after its wait; held reads get the refusal, the others go alone', async () => {
    vi.useFakeTimers()
    const sentAt: number[] = []
    const post = vi.fn(async () => (sentAt.push(Date.now()), refused('2')))
    const { groupedRead: read, hold } = readGrouper(post)
    const alone = vi.fn(async () => ok('seul'))
    const screen = Promise.all(['/a', '/b'].map((url) => read(url, alone)))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(post).toHaveBeenCalledTimes(MAX_SENDS)
    expect(sentAt.slice(1).map((t, i) => t - sentAt[i]!)).toEqual(Array.from({ length: MAX_SENDS - 1 }, () => 2_000))
    expect((await screen).map((r) => r.status)).toEqual([200, 200])
    expect(alone).toHaveBeenCalledTimes(2)

    alone.mockClear()
    const release = hold()
    const held = ['/c', '/d'].map((url) => read(url, alone))
    release()
    await vi.advanceTimersByTimeAsync(60_000)
    const answers = await Promise.all(held)
    expect(answers.map((r) => r.status)).toEqual([429, 429])
    expect((await answers[0]!.json()).code).toBe('LECTURES_LIMITEES')
    expect(alone).not.toHaveBeenCalled()
  })

  it('a read cancelled during the wait is not asked again', async () => {
    vi.useFakeTimers()
    const post = vi
      .fn<(chemins: string[]) => Promise<Response>>()
      .mockResolvedValueOnce(refused('3'))
      .mockImplementation(async (chemins) => answered(chemins))
    const { groupedRead: read } = readGrouper(post)
    const ctrl = new AbortController()
    const cancelled = read('/a', vi.fn(), ctrl.signal)
    const kept = [read('/b', vi.fn()), read('/c', vi.fn())]
    cancelled.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(1_000)
    ctrl.abort(new DOMException('annulée', 'AbortError'))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(post).toHaveBeenLastCalledWith(['/b', '/c'])
    await expect(cancelled).rejects.toThrow('annulée')
    expect(await Promise.all((await Promise.all(kept)).map((r) => r.json()))).toEqual(['/b', '/c'])
  })

  it('reads Retry-After in seconds or as a date; a 503 waits only when it names a wait; other statuses never', () => {
    const now = Date.parse('2026-11-23T08:30:00Z')
    expect(retryAfterMs(refused('12'), now)).toBe(12_000)
    expect(retryAfterMs(refused('Mon, 23 Nov 2026 08:30:20 GMT'), now)).toBe(20_000)
    expect(retryAfterMs(refused(null), now)).toBe(5_000)
    expect(retryAfterMs(refused('3600'), now)).toBe(60_000)
    expect(retryAfterMs(refused('2', 503), now)).toBe(2_000)
    expect(retryAfterMs(refused(null, 503), now)).toBeNull()
    expect(retryAfterMs(ok({ message: 'Introuvable' }, 404), now)).toBeNull()
    expect(retryAfterMs(ok({ reponses: [] }), now)).toBeNull()
  })
})
