// How long a client may hold a socket, and how many sockets at once (README, "Sessions and
// sign-in"). Node's defaults let a slow client keep a socket 60 s for its headers and 300 s for
// its request; a phone on one bar of signal sends a sign-in or an order well within these.
import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'

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
  /**
   * An answer given before its request's body arrived (a 413, a 401…) ends the connection with a
   * lingering close: the answer and the end of our side are sent, then what the client still sends
   * is read and thrown away, up to this many bytes or this long, until the client closes. Closing
   * at once, with its body still arriving, made the kernel reset the connection, and a fast client
   * then lost the answer it had not read yet (an EPIPE instead of its 413: 1 to 26 of 100 measured).
   */
  lingerBytes: 64 * 1024 * 1024,
  lingerMs: 5_000,
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
  lingerWhenBodyUnread(s)
  return s
}

/**
 * Node closes a connection whose last answer is sent with `socket.destroySoon()` (an answer saying
 * `Connection: close`; @hono/node-server's own drain of an unread body ends that way too): when
 * the request on it is not complete, the close lingers (SERVER_LIMITS.lingerBytes) instead.
 */
function lingerWhenBodyUnread(server: Server) {
  const lastRequest = new WeakMap<Socket, IncomingMessage>()
  server.on('request', (req: IncomingMessage) => lastRequest.set(req.socket, req))
  server.on('connection', (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket)
    socket.destroySoon = () => {
      const req = lastRequest.get(socket)
      if (req && !req.complete) lingeringClose(socket, req)
      else destroySoon()
    }
  })
}

const lingering = new WeakSet<Socket>()

function lingeringClose(socket: Socket, req: IncomingMessage) {
  if (lingering.has(socket) || socket.destroyed) return
  lingering.add(socket)
  const readBefore = socket.bytesRead
  const close = () => {
    clearTimeout(timer)
    clearInterval(watch)
    socket.destroy()
  }
  const timer = setTimeout(close, SERVER_LIMITS.lingerMs).unref()
  const watch = setInterval(() => {
    if (socket.bytesRead - readBefore > SERVER_LIMITS.lingerBytes) close()
  }, 20).unref()
  // The client's end, or its whole body read: nothing left to reset.
  socket.once('end', close)
  req.once('end', close)
  socket.once('close', () => {
    clearTimeout(timer)
    clearInterval(watch)
  })
  // Our side ends after the answer (the client reads it whole, then its end). The body still
  // arriving goes through the request, thrown away: its readers are gone (as Node's own dump of an
  // unread body does), else the web stream made of it would pause the socket once its queue is full.
  socket.end()
  req.removeAllListeners('data')
  req.resume()
}
