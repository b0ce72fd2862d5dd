// Only when NODE_ENV=test: lets browser tests move the server's clock (e.g. to let a session's
// access window pass). Never mounted otherwise, and hidden from the OpenAPI document.
import type { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import type { AppEnv } from './env'

export function mountTestClock(app: Hono<AppEnv>) {
  app.post('/api/test/clock', describeRoute({ hide: true }), async (c) => {
    const clock = c.get('deps').clock as { setOffset?: (s: number) => void }
    const body = (await c.req.json().catch(() => ({}))) as { offsetSeconds?: unknown }
    if (!clock.setOffset || typeof body.offsetSeconds !== 'number')
      return c.json({ message: 'Horloge de test indisponible' }, 400)
    clock.setOffset(body.offsetSeconds)
    return c.json({ now: c.get('deps').clock.now().toISO() })
  })
}
