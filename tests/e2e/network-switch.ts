// A real network cut for browser tests (STACK "A real network cut in browser tests"): a TCP proxy
// between Chromium and the server, which the test switches. context.setOffline() leaves the
// service worker's own fetches going to the server; through this proxy, the page and its worker
// reach the server only while the switch is on, and navigator.onLine stays true, as in a barn
// with one bar and no data. Tests import `test` and `expect` from here: every page of the test
// then talks to the server through the proxy (the baseURL is the proxy's address).
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { test as base, expect } from '@playwright/test'

/** up: traffic flows. refuse: every connection is reset at once. hang: connections are accepted
 * and never answered (a half-open link). */
export type NetworkMode = 'up' | 'refuse' | 'hang'

const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+) HTTP\/1\.[01]\r?$/gm

export class NetworkSwitch {
  private mode: NetworkMode = 'up'
  private readonly open = new Set<Socket>()
  private server: Server | null = null
  /** Every HTTP request passed on to the server, in order ("GET /web/…"). */
  readonly forwarded: string[] = []
  /** Connections the browser opened while the network was cut (none of them reached the server). */
  attemptsWhileCut = 0
  /** Requests ("POST /web/…") answered 503 by the proxy itself, never passed on (see hold). */
  private held: RegExp | null = null

  constructor(private readonly target: { host: string; port: number }) {}

  /** The proxy's port, once started (any free one: tests never share it). */
  port = 0

  async start(): Promise<number> {
    this.server = createServer((client) => this.accept(client))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
    return this.port
  }

  /** Cuts the network: open connections die, new ones are refused or left unanswered. */
  cut(mode: Exclude<NetworkMode, 'up'> = 'refuse') {
    this.mode = mode
    for (const s of this.open) s.destroy()
    this.open.clear()
  }

  /** Brings the network back (unanswered connections are closed so the browser opens new ones). */
  restore() {
    this.mode = 'up'
    for (const s of this.open) s.destroy()
    this.open.clear()
  }

  /** Answers the requests whose line ("POST /web/…") matches with a 503 of its own, the rest going
   * through: one call kept from the server while the others work (null: none held). */
  hold(requests: RegExp | null) {
    this.held = requests
  }

  get isCut() {
    return this.mode !== 'up'
  }

  async stop() {
    for (const s of this.open) s.destroy()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  private accept(client: Socket) {
    client.on('error', () => undefined)
    if (this.mode === 'refuse') {
      this.attemptsWhileCut++
      client.resetAndDestroy()
      return
    }
    this.open.add(client)
    client.on('close', () => this.open.delete(client))
    if (this.mode === 'hang') {
      this.attemptsWhileCut++
      client.resume() // read and drop: never an answer
      return
    }
    const upstream = createConnection(this.target)
    this.open.add(upstream)
    upstream.on('error', () => client.destroy())
    upstream.on('close', () => (this.open.delete(upstream), client.destroy()))
    client.on('close', () => upstream.destroy())
    let answered = false // held: the proxy answered, nothing more of this connection goes on
    client.on('data', (chunk: Buffer) => {
      if (this.mode !== 'up') return client.destroy()
      if (answered) return
      const text = chunk.toString('latin1')
      const lines = [...text.matchAll(REQUEST_LINE)].map((m) => `${m[1]} ${m[2]}`)
      lines.push(...groupedReads(text))
      const held = this.held
      if (held && lines.some((l) => held.test(l))) {
        answered = true
        client.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
        return
      }
      this.forwarded.push(...lines)
      upstream.write(chunk)
    })
    upstream.pipe(client)
  }
}

/** The reads a POST /web/v1/lectures carries (src/contract/lectures), as the GETs they stand for:
 * a test holds or counts a read whether it goes alone or grouped. A group held is answered 503:
 * the app then sends each of its reads alone, and only the held ones fail, as before grouping. */
function groupedReads(text: string): string[] {
  const found = /\{"chemins":(\[[^\]]*\])\}/.exec(text)
  if (!found) return []
  try {
    return (JSON.parse(found[1]!) as string[]).map((chemin) => `GET ${chemin}`)
  } catch {
    return []
  }
}

const serverPort = Number(process.env.E2E_PORT ?? 8181)
/** The server itself, not through the switch: for what the cooperative's staff does meanwhile. */
export const serverURL = `http://localhost:${serverPort}`

export const test = base.extend<{ network: NetworkSwitch }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  network: async ({}, provide) => {
    const network = new NetworkSwitch({ host: '127.0.0.1', port: serverPort })
    await network.start()
    await provide(network)
    await network.stop()
  },
  // Every page of the test goes through the switch. Cookies ignore the port, so the consent
  // cookie of the config still applies.
  baseURL: async ({ network }, provide) => {
    await provide(`http://localhost:${network.port}`)
  },
})

export { expect }
