// POST /web/v1/lectures (issue 29): several of the reference reads in one request, for the
// preparation for no signal (src/contract/lectures.ts says which). Each read goes through this very
// server, with the caller's cookies, as if it had come alone: its route checks the session, the
// customer acted for and its parameters, and its answer (200, 403, 404, 503…) is given as it is,
// in the order asked. A read refused is that read's answer, never the others'. The reads run a few
// at a time so one request never takes the whole database pool.
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { Lectures, LECTURES_PATH, Reponses } from '../../../contract/lectures'
import { inProcessFetch } from '../../http/app-render'
import { error, json, unavailable } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

/** Reads at a time: each takes a connection for its session and its rows (the pool has ten). */
const AT_ONCE = 4

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
        400: error('Corps invalide, lecture non groupable, ou plus de lectures que permis'),
        401: error('Non authentifié'),
        503: unavailable,
      },
    }),
    validate('json', Lectures),
    async (c) => {
      const { chemins } = c.req.valid('json')
      const read = inProcessFetch(app, c)
      const id = c.get('requestId')
      const reponses: Reponses['reponses'] = new Array(chemins.length)
      let next = 0
      const worker = async () => {
        while (next < chemins.length) {
          const i = next++
          const res = await read(chemins[i]!, {
            method: 'GET',
            headers: { Accept: 'application/json', 'X-Request-Id': `${id}.${i}` },
          })
          reponses[i] = { statut: res.status, corps: parsed(await res.text()) }
        }
      }
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, chemins.length) }, worker))
      return c.json({ reponses })
    },
  )
  return routes
}
