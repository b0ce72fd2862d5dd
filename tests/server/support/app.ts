// Builds the real Hono app on a migrated, seeded database for server tests (app.request()).
import { createApp } from '../../../src/server/app'
import { fixedClock } from '../../../src/server/clock'
import { loadConfig } from '../../../src/server/config'
import type { Db } from '../../../src/server/db/client'
import { silentLogger } from '../../../src/server/logger'

export { TEST_TODAY } from './databases'
import { TEST_TODAY } from './databases'
export const TEST_NOW = `${TEST_TODAY}T08:30:00`

export function buildTestApp(db: Db, env: Record<string, string> = {}) {
  const clock = fixedClock(TEST_NOW)
  const config = loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent', ...env })
  const app = createApp({ db, config, clock, logger: silentLogger }, { serveApp: false })
  return { app, clock, config }
}

type App = ReturnType<typeof buildTestApp>['app']

/** Signs in through POST /security/login (JSON) and returns the Cookie header to send. */
export async function signIn(app: App, username: string, password = 'demo'): Promise<string> {
  const res = await pastTheGate(() =>
    app.request('/security/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', Host: 'localhost' },
      body: JSON.stringify({ username, password }),
    }),
  )
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`)
  const cookie = res.headers.get('set-cookie') ?? ''
  return cookie.split(';')[0]!
}

export function get(app: App, path: string, cookie?: string) {
  return app.request(path, { headers: { Host: 'localhost', ...(cookie ? { Cookie: cookie } : {}) } })
}

export function send(
  app: App,
  method: string,
  path: string,
  body: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method,
    headers: {
      Host: 'localhost',
      Origin: 'http://localhost',
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/**
 * Sends a sign-in again while the process's sign-in gate answers 503 (hash-gate.ts), as a client
 * would after Retry-After, a bounded number of times: a burst's tries then all reach the counters.
 */
export async function pastTheGate(send: () => Response | Promise<Response>): Promise<Response> {
  let res = await send()
  for (let i = 0; i < 200 && res.status === 503; i++) {
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 40))
    res = await send()
  }
  return res
}
