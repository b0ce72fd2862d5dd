// Who is on the other end of a request: the socket's address, or, behind TRUSTED_PROXIES
// reverse proxies, the address the nearest of them saw. X-Forwarded-For is written by whoever
// sends the request, so only the hops our own proxies appended are believed; with
// TRUSTED_PROXIES=0 (the default) the header is ignored altogether.
import type { Context } from 'hono'
import type { AppEnv } from './env'

/** The socket's address. app.request() in tests passes `{ incoming: { socket } }` as its env. */
function socketAddress(c: Context<AppEnv>): string | null {
  const address = c.env?.incoming?.socket?.remoteAddress
  return typeof address === 'string' && address ? address.replace(/^::ffff:/, '') : null
}

/**
 * The client's address. Each trusted proxy appends the address it received from, so the client
 * is `trustedProxies` entries from the right of [X-Forwarded-For…, socket].
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  const socket = socketAddress(c)
  const hops = c.get('deps').config.trustedProxies
  if (hops <= 0) return socket
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const chain = [...forwarded, ...(socket ? [socket] : [])]
  const client = chain[Math.max(0, chain.length - 1 - hops)]
  return client ? client.slice(0, 64) : null
}

/**
 * The scheme the browser used: https when PUBLIC_URL says so, else what the nearest trusted
 * proxy reports in X-Forwarded-Proto, else the connection's own. Never the Host header.
 */
export function publicProtocol(c: Context<AppEnv>): 'http' | 'https' {
  const { publicUrl, trustedProxies } = c.get('deps').config
  if (publicUrl) return new URL(publicUrl).protocol === 'https:' ? 'https' : 'http'
  if (trustedProxies > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase()
    if (proto === 'https' || proto === 'http') return proto
  }
  return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http'
}
