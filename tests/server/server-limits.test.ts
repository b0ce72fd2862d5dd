// The listening server's socket limits (README "Sessions and sign-in"): set on the server main.ts
// starts, with the headers deadline inside the request deadline.
import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import { applyServerLimits, SERVER_LIMITS } from '../../src/server/http/server-limits'

describe('server limits', () => {
  it('bound headers, whole requests, idle kept-alive sockets and the number of connections', () => {
    const server = applyServerLimits(createServer())
    expect(server.headersTimeout).toBe(SERVER_LIMITS.headersTimeoutMs)
    expect(server.requestTimeout).toBe(SERVER_LIMITS.requestTimeoutMs)
    expect(server.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveTimeoutMs)
    expect(server.maxConnections).toBe(SERVER_LIMITS.maxConnections)
    // Node's defaults were 60 s and 300 s: a slow client held a socket that long.
    expect(server.headersTimeout).toBeLessThan(60_000)
    expect(server.requestTimeout).toBeLessThan(300_000)
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout)
  })
})
