// An anonymous client cannot exhaust the server's memory (issue 42): Silo, compiled as `npm start`
// runs it, with its heap bounded to 96 MB, serves 6,000 sign-in pages (each a render of the app's
// sign-in route) to a plain HTTP client — keep-alive, no Accept-Encoding, the path a browser never
// takes — and is still there, answering. Before the fix, every render was kept 30 s by a timer of
// the fetch client (some 200 KB a page): with 256 MB, such a process aborted ("JavaScript heap out
// of memory") after about 1,300 pages. The tighter heap catches a leak of 8 KB a page within the
// 6,000 (20,000 pages under 256 MB did as well, in 120 s of CI instead of about 40).
// No page is opened: the client is Node's own, as an attacker's would be.
// It lives with the browser tests because it needs the built app (the server's render is part of
// the build), which the unit stage does not have.
import http from 'node:http'
import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { builtApp, freePort, startSilo, tempDataDir } from '../support/silo'

const PAGES = 6_000
const SOCKETS = 8

/** Sends `count` GET `path` over `SOCKETS` kept-alive sockets; the status codes seen, counted. */
async function hammer(base: string, path: string, count: number): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS })
  const statuses = new Map<number, number>()
  let sent = 0
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${base}${path}`, { agent }, (res) => {
          statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1)
          res.resume()
          res.on('end', resolve)
          res.on('error', reject)
        })
        .on('error', reject)
    })
  const worker = async () => {
    while (sent < count) {
      sent++
      await one()
    }
  }
  try {
    await Promise.all(Array.from({ length: SOCKETS }, worker))
  } finally {
    agent.destroy()
  }
  return statuses
}

test('a server with a 96 MB heap survives 6,000 sign-in pages from a plain HTTP client', async () => {
  test.setTimeout(600_000)
  // Its own embedded database: a DATABASE_URL of the environment is the unit tests' shared one.
  const dataDir = tempDataDir('memory')
  const silo = await startSilo({
    port: await freePort(),
    compiled: true,
    nodeArgs: ['--max-old-space-size=96'],
    env: { DATA_DIR: dataDir, DIST_DIR: builtApp({ build: false }) },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  try {
    // The page is the server's render (its static sign-in page), not the app shell.
    const first = await fetch(`${silo.base}/login`).then((r) => r.text())
    expect(first.includes('<div id="root"><')).toBe(true)
    const statuses = await hammer(silo.base, '/login', PAGES)
    expect(Object.fromEntries(statuses)).toEqual({ 200: PAGES })
    expect(silo.child.exitCode, silo.output().slice(-2000)).toBeNull()
    expect((await fetch(`${silo.base}/public/infos/pret`)).status).toBe(200)
  } finally {
    await silo.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
