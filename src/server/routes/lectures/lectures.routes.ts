// POST /web/v1/lectures (issue 29): several of the reference reads in one request, for the
// preparation for no signal (src/contract/lectures.ts says which). Each read goes through this very
// server, with the caller's cookies, as if it had come alone: its route checks the session, the
// customer acted for and its parameters, and its answer (200, 403, 404, 503…) is given as it is,
// in the order asked. A read refused is that read's answer, never the others'.
// Issue 42: each group is first admitted by the session's budget (services/lectures-budget.ts: 429
// with Retry-After beyond it, nothing written), then its reads run in the instance's read slots
// (read-slots.ts), a turn of the event loop between two, so that orders and pages interleave.
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { Lectures, LECTURES_PATH, Reponses } from '../../../contract/lectures'
import { inProcessFetch } from '../../http/app-render'
import { error, json, unavailable } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'
import { requireUser } from '../../auth/session-middleware'
import { admitGroup } from '../../services/lectures-budget'
import { inReadSlot, letOthersGo, READS_AT_ONCE } from './read-slots'

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text // a refusal in plain text (Hono's own 404) stays a text
  }
}

export function lecturesRoutes(app: Hono<AppEnv>) {
  const routes = new Hono<AppEnv>()
  routes.post(
    LECTURES_PATH,
    describeRoute({
      summary: 'Plusieurs lectures de référence en une requête, chacune répondue comme seule',
      tags: ['catalogue'],
      responses: {
        200: { description: 'Une réponse par lecture, dans l’ordre demandé', content: json(Reponses) },
        400: error('Corps invalide, chemin non normalisé, lecture non groupable, ou plus de lectures que permis'),
        401: error('Non authentifié'),
        429: error(
          'Budget de la session dépassé : trop de lectures groupées en cours ou en une minute (Retry-After en secondes)',
        ),
        503: unavailable,
      },
    }),
    validate('json', Lectures),
    async (c) => {
      // Each path is already in its normal form (the contract refused any other): read as checked.
      const { chemins } = c.req.valid('json')
      const { db, clock } = c.get('deps')
      const release = await admitGroup(db, requireUser(c).sessionId, chemins.length, clock.now())
      try {
        const read = inProcessFetch(app, c)
        const id = c.get('requestId')
        // A client gone (its time limit, a cut) is answered no further: the reads left are not made.
        const gone = c.req.raw.signal
        const reponses: Reponses['reponses'] = new Array(chemins.length)
        let next = 0
        const worker = async () => {
          while (next < chemins.length && !gone.aborted) {
            const i = next++
            await letOthersGo()
            reponses[i] = await inReadSlot(async () => {
              if (gone.aborted) return { statut: 499, corps: null } // gone while it waited its turn
              const res = await read(chemins[i]!, {
                method: 'GET',
                headers: { Accept: 'application/json', 'X-Request-Id': `${id}.${i}` },
              })
              return { statut: res.status, corps: parsed(await res.text()) }
            })
          }
        }
        await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, chemins.length) }, worker))
        // Nobody to answer (nginx's "client closed request", for the log).
        if (gone.aborted) return new Response(null, { status: 499 })
        return c.json({ reponses })
      } finally {
        release()
      }
    },
  )
  return routes
}
