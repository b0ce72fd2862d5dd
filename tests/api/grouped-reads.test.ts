// api/grouped-reads (issue 29): the reads asked in one task go as one request, each caller gets
// its own answer; a read alone, a group the server does not know, or no answer: each read alone.
import { describe, expect, it, vi } from 'vitest'
import { readGrouper } from '../../src/api/grouped-reads'

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
