// The fetch client's contract (ordering-area §7): credentials always, identical concurrent GETs
// coalesced unless no-cache, one shared refresh for concurrent 401s, then a single retry.
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from '../../src/api/api-error'
import { forgetSessionRefusal, onSessionLost, request, sessionRefused } from '../../src/api/http-client'

const Echo = v.object({ ok: v.boolean() })
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  onSessionLost(null)
  forgetSessionRefusal()
})

describe('http client', () => {
  it('sends credentials on every request', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }))
    await request('/web/user/me', Echo, { headers: { 'Cache-Control': 'no-cache' } })
    await request('/web/v1/x', Echo, { method: 'POST', body: { a: 1 } })
    for (const call of fetchMock.mock.calls) expect(call[1].credentials).toBe('include')
  })

  it('coalesces identical concurrent GETs, not no-cache ones', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }))
    await Promise.all([request('/web/a', Echo), request('/web/a', Echo), request('/web/a', Echo)])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await Promise.all([
      request('/web/a', Echo, { headers: { 'Cache-Control': 'no-cache' } }),
      request('/web/a', Echo, { headers: { 'Cache-Control': 'no-cache' } }),
    ])
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('two concurrent 401s make one refresh, then each request is retried once', async () => {
    let refreshed = false
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/security/refresh')) {
        await new Promise((r) => setTimeout(r, 10))
        refreshed = true
        return json(200, { username: '100001', expiresAt: '' })
      }
      return refreshed ? json(200, { ok: true }) : json(401, { message: 'Authentification requise' })
    })
    const [a, b] = await Promise.all([request('/web/a', Echo), request('/web/b', Echo)])
    expect(a).toEqual({ ok: true })
    expect(b).toEqual({ ok: true })
    const refreshes = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/security/refresh'))
    expect(refreshes).toHaveLength(1)
    expect(fetchMock).toHaveBeenCalledTimes(5)
  })

  it('a slow 401 to a request sent before a refresh that has since succeeded is retried, not refreshed again', async () => {
    let refreshed = false
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/security/refresh')) {
        refreshed = true
        return json(200, { username: '100001', expiresAt: '' })
      }
      if (refreshed) return json(200, { ok: true })
      // Sent under the old window; /web/slow is answered long after the shared refresh is over.
      if (url.endsWith('/web/slow')) await new Promise((r) => setTimeout(r, 50))
      return json(401, { message: 'Authentification requise' })
    })
    const [fast, slow] = await Promise.all([
      request('/web/fast', Echo, { headers: { 'Cache-Control': 'no-cache' } }),
      request('/web/slow', Echo, { headers: { 'Cache-Control': 'no-cache' } }),
    ])
    expect(fast).toEqual({ ok: true })
    expect(slow).toEqual({ ok: true })
    const refreshes = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/security/refresh'))
    expect(refreshes).toHaveLength(1)
  })

  it('a failed refresh tells the app the session is lost and throws the 401', async () => {
    const lost = vi.fn()
    onSessionLost(lost)
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/security/refresh')
        ? json(401, { message: 'Session expirée' })
        : json(401, { message: 'Authentification requise' }),
    )
    await expect(request('/web/a', Echo)).rejects.toMatchObject({ status: 401 })
    expect(lost).toHaveBeenCalledTimes(1)
  })

  it('once the server refused the refresh, nothing more is asked with the session (issue 51: no more 401s)', async () => {
    fetchMock.mockImplementation(async () => json(401, { message: 'Authentification requise' }))
    await expect(request('/web/user/me', Echo)).rejects.toBeInstanceOf(ApiError)
    expect(sessionRefused()).toBe(true)
    const calls = fetchMock.mock.calls.length
    await expect(request('/web/v1/referentiel', Echo)).rejects.toMatchObject({ status: 401 })
    expect(fetchMock.mock.calls.length).toBe(calls)
  })

  it('a refresh that got no answer (no network) is no refusal', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/security/refresh')) throw new TypeError('Failed to fetch')
      return json(401, { message: 'Authentification requise' })
    })
    await expect(request('/web/user/me', Echo)).rejects.toBeInstanceOf(ApiError)
    expect(sessionRefused()).toBe(false)
  })

  it('never refreshes on a path containing security', async () => {
    fetchMock.mockResolvedValue(json(401, { message: "Erreur d'authentification" }))
    await expect(request('/security/login', Echo, { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('errors carry the status and the server’s French reason', async () => {
    fetchMock.mockResolvedValue(json(404, { message: 'Numéro de tiers non reconnu', code: 'TIERS_INEXISTANT' }))
    const err = await request('/web/v1/tiers/1', Echo).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 404, reason: 'Numéro de tiers non reconnu', code: 'TIERS_INEXISTANT' })
  })

  it('a network failure is a NetworkError, not an answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(request('/web/a', Echo)).rejects.toBeInstanceOf(NetworkError)
  })

  it('an unanswered request becomes a network failure after its time limit; a cancelled one stays cancelled', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    )
    await expect(request('/web/slow', Echo, { timeoutMs: 20 })).rejects.toBeInstanceOf(NetworkError)
    const ctrl = new AbortController()
    const cancelled = request('/web/slow', Echo, { signal: ctrl.signal, timeoutMs: 10_000 }).catch((e) => e)
    ctrl.abort()
    const err = await cancelled
    expect(err).not.toBeInstanceOf(NetworkError)
    expect((err as Error).name).toBe('AbortError')
  })

  it('leaves no timer and no listener behind once the answer is read (issue 42: the server render kept each request 30 s)', async () => {
    vi.useFakeTimers()
    try {
      fetchMock.mockImplementation(async () => json(200, { ok: true }))
      const caller = new AbortController()
      const added = vi.spyOn(caller.signal, 'addEventListener')
      const removed = vi.spyOn(caller.signal, 'removeEventListener')
      await expect(request('/web/a', Echo, { signal: caller.signal })).resolves.toEqual({ ok: true })
      // The time limit's timer and the connection watch's: both cleared with the answer.
      expect(vi.getTimerCount()).toBe(0)
      expect(removed.mock.calls.map((c) => c[1])).toEqual(added.mock.calls.map((c) => c[1]))
    } finally {
      vi.useRealTimers()
    }
  })
})
