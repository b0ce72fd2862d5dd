// How long a client may hold a socket, and how many sockets at once (README, "Sessions and
// sign-in"). Node's defaults let a slow client keep a socket 60 s for its headers and 300 s for
// its request; a phone on one bar of signal sends a sign-in or an order well within these.
import type { Server } from 'node:http'

export const SERVER_LIMITS = {
  /** All the request's headers must arrive within this. */
  headersTimeoutMs: 15_000,
  /** The whole request (headers and body) must arrive within this. */
  requestTimeoutMs: 30_000,
  /**
   * How often Node looks for requests past those two deadlines. Its default, 30 s, closed slow
   * headers at 26 s and slow bodies at 56 s: once a second, a deadline is kept within a second.
   */
  checkEveryMs: 1_000,
  /** An idle kept-alive socket is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** Sockets beyond this are closed at once, so a flood cannot exhaust the process. */
  maxConnections: 1_000,
} as const

/**
 * Applies the limits to the listening server (or any node:http server). Call it before the
 * server emits 'listening' (right after serve() or listen()): Node starts its deadline checks then,
 * at the interval set here.
 */
export function applyServerLimits<S>(server: S): S & Server {
  // serve() types its result as a union of node:http/http2 servers; it is a node:http one here.
  const s = server as S & Server & { connectionsCheckingInterval: number }
  s.headersTimeout = SERVER_LIMITS.headersTimeoutMs
  s.requestTimeout = SERVER_LIMITS.requestTimeoutMs
  s.connectionsCheckingInterval = SERVER_LIMITS.checkEveryMs
  s.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs
  s.maxConnections = SERVER_LIMITS.maxConnections
  return s
}
