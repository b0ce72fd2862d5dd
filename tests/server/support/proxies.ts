// Loopback go-betweens of the multi-instance tests (support/instances.ts):
// - a round-robin HTTP proxy in front of several Silo instances, as a reverse proxy would be: one
//   backend per request in turn; a backend that refuses the connection (down) is skipped, one
//   that fails once the request was sent gets a 502 (the client retries, as the outbox does);
// - a TCP relay between the instances and PostgreSQL that a test can cut (every connection ended,
//   new ones closed at once) and restore: the database unreachable without stopping it.
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export interface RoundRobinProxy {
  base: string
  /** How many requests each backend answered (in the order of `backends()`). */
  served: number[]
  close(): Promise<void>
}

const listen = (server: net.Server) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })

const closeServer = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/** `backends` is read at each request: a test may replace an instance (same port, new process). */
export async function startRoundRobinProxy(backends: () => string[]): Promise<RoundRobinProxy> {
  let next = 0
  const served: number[] = []
  const agent = new http.Agent({ keepAlive: true })
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const list = backends()
      const body = Buffer.concat(chunks)
      const start = next++ % list.length
      const tryBackend = (tries: number) => {
        const index = (start + tries) % list.length
        const target = new URL(list[index]!)
        let answered = false
        const upstream = http.request(
          {
            agent,
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'content-length': String(body.length) },
          },
          (up) => {
            answered = true
            served[index] = (served[index] ?? 0) + 1
            res.writeHead(up.statusCode ?? 502, up.headers)
            up.pipe(res)
            up.on('error', () => res.destroy())
          },
        )
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (answered) return
          // Refused: nothing reached that backend, the next one may take the request.
          if (err.code === 'ECONNREFUSED' && tries + 1 < list.length) return tryBackend(tries + 1)
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', connection: 'close' })
          res.end('bad gateway')
        })
        upstream.end(body)
      }
      tryBackend(0)
    })
  })
  const port = await listen(server)
  return {
    base: `http://127.0.0.1:${port}`,
    served,
    async close() {
      agent.destroy()
      server.closeAllConnections()
      await closeServer(server)
    },
  }
}

export interface DatabaseRelay {
  /** `url` with the relay's address in place of the database server's. */
  url(url: string): string
  /** The database unreachable: open connections ended, new ones closed as soon as they come. */
  cut(): void
  restore(): void
  close(): Promise<void>
}

/** Where PostgreSQL listens: its Unix socket when the URL names a folder (`?host=/…`, the embedded cluster). */
function databaseAddress(databaseUrl: string): net.NetConnectOpts {
  const u = new URL(databaseUrl)
  const port = Number(u.port || 5432)
  const folder = u.searchParams.get('host')
  return folder?.startsWith('/') ? { path: `${folder}/.s.PGSQL.${port}` } : { host: u.hostname, port }
}

export async function startDatabaseRelay(databaseUrl: string): Promise<DatabaseRelay> {
  const target = databaseAddress(databaseUrl)
  const sockets = new Set<net.Socket>()
  let cut = false
  const server = net.createServer((client) => {
    if (cut) return client.destroy()
    const upstream = net.connect(target)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream)
    upstream.pipe(client)
  })
  const port = await listen(server)
  return {
    url(url) {
      const u = new URL(url)
      u.searchParams.delete('host')
      u.hostname = '127.0.0.1'
      u.port = String(port)
      return u.toString()
    },
    cut() {
      cut = true
      for (const s of sockets) s.destroy()
    },
    restore() {
      cut = false
    },
    async close() {
      for (const s of sockets) s.destroy()
      await closeServer(server)
    },
  }
}
