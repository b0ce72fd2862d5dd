// The sign-in gate (auth/hash-gate.ts): a few sign-ins at once per process, one or two of them
// hashing; beyond its places a sign-in is refused at once with 503 and Retry-After, before any
// counter or query, so a flood neither queues nor counts.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../src/server/auth/password'
import { createHashGate, HASH_GATE, type GatePlace } from '../../src/server/auth/hash-gate'
import { signInGate } from '../../src/server/routes/session/session.handlers'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp } from './support/app'

type App = ReturnType<typeof buildTestApp>['app']
const BUSY = 'Trop de connexions en cours : veuillez réessayer dans quelques secondes.'

function login(app: App, username: string, password: string, form = false) {
  return app.request(
    '/security/login',
    {
      method: 'POST',
      headers: {
        Host: 'localhost',
        Origin: 'http://localhost',
        'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: form ? new URLSearchParams({ username, password }).toString() : JSON.stringify({ username, password }),
    },
    { incoming: { socket: { remoteAddress: '198.51.100.90' } } },
  )
}

describe('the hash gate', () => {
  it('admits hashing + waiting sign-ins, hashes them one at a time in turn, refuses the next at once', async () => {
    const gate = createHashGate({ hashing: 1, waiting: 2 })
    const places = [gate.enter(), gate.enter(), gate.enter()]
    expect(places.every(Boolean)).toBe(true)
    expect(gate.enter()).toBeNull()
    let running = 0
    let most = 0
    const order: number[] = []
    const work = (n: number) => async () => {
      running++
      most = Math.max(most, running)
      await new Promise((r) => setTimeout(r, 5))
      order.push(n)
      running--
      return n
    }
    const results = await Promise.all(places.map((p, i) => p!.hash(work(i))))
    expect(results).toEqual([0, 1, 2])
    expect(order).toEqual([0, 1, 2])
    expect(most).toBe(1)
    // A place is given back once, however often leave() is called; a failed hash frees its turn.
    places[0]!.leave()
    places[0]!.leave()
    const fourth = gate.enter()!
    expect(gate.enter()).toBeNull()
    await expect(fourth.hash(() => Promise.reject(new Error('x')))).rejects.toThrow('x')
    expect(gate.load.hashing).toBe(0)
    for (const p of [...places, fourth]) p!.leave()
    expect(gate.load).toEqual({ admitted: 0, hashing: 0, queued: 0 })
  })

  it('hashes one or two at a time, never every thread of libuv’s pool', () => {
    expect(HASH_GATE.hashing).toBeGreaterThanOrEqual(1)
    expect(HASH_GATE.hashing).toBeLessThanOrEqual(2)
  })

  it.runIf(process.platform === 'linux')(
    'checks passwords on a thread of its own at nice 19, the rest of the process untouched',
    async () => {
      const stored = await hashPassword('demo')
      expect(await verifyPassword('demo', stored)).toBe(true)
      expect(await verifyPassword('dem0', stored)).toBe(false)
      const nice = (task: string) => {
        const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
      }
      const nices = readdirSync('/proc/self/task').map(nice)
      expect(nices).toContain(19)
      expect(nice(String(process.pid))).toBe(0)
    },
  )
})

describe.each(backends)('the sign-in gate on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('every place taken: 503 at once with Retry-After, in French, and the try is not counted', async () => {
    const taken: GatePlace[] = []
    try {
      for (let p = signInGate.enter(); p; p = signInGate.enter()) taken.push(p)
      expect(taken.length).toBe(HASH_GATE.hashing + HASH_GATE.waiting)
      for (let i = 0; i < 10; i++) {
        const res = await login(t.app, 'admin', 'faux')
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('2')
        expect(await res.json()).toEqual({ message: BUSY, code: 'CONNEXIONS_SATUREES' })
      }
      const page = await login(t.app, 'admin', 'demo', true)
      expect(page.status).toBe(503)
      expect(await page.text()).toContain(BUSY)
    } finally {
      for (const p of taken) p.leave()
    }
    // None of the 11 refused tries was counted: 5 wrong passwords are still free, then the 6th waits.
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'admin', 'faux')).status).toBe(401)
    expect((await login(t.app, 'admin', 'faux')).status).toBe(429)
    expect(signInGate.load).toEqual({ admitted: 0, hashing: 0, queued: 0 })
  })

  it('a burst of 50 correct sign-ins: each is signed in or told to come back, none waits in a growing queue', async () => {
    const burst = await Promise.all(Array.from({ length: 50 }, () => login(t.app, '100002', 'demo')))
    const count: Record<number, number> = {}
    for (const r of burst) count[r.status] = (count[r.status] ?? 0) + 1
    expect((count[200] ?? 0) + (count[503] ?? 0) + (count[429] ?? 0)).toBe(50)
    expect(count[503]).toBeGreaterThanOrEqual(50 - HASH_GATE.hashing - HASH_GATE.waiting)
    expect(signInGate.load).toEqual({ admitted: 0, hashing: 0, queued: 0 })
  })
})
