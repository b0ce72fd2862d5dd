// Public information: the server's version (shown in the version tooltip), the portal's URL, and
// readiness (does the database answer? is the heap far from its limit?) for a load balancer or a
// supervisor. None of them reads the session, so the version answers without the database.
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { sql } from 'drizzle-orm'
import { INFOS_PATHS, Pret, UrlPortail, VersionInfo } from '../../../contract/infos'
import type { AppEnv } from '../../http/env'
import { heapPressure } from '../../http/memory-pressure'

// Imported, not read at run time: the compiled server (dist-server/) carries its version inside.
import pkg from '../../../../package.json' with { type: 'json' }

export const infosRoutes = new Hono<AppEnv>()

infosRoutes.get(
  INFOS_PATHS.version,
  describeRoute({
    summary: 'Version du serveur',
    tags: ['infos'],
    security: [],
    responses: { 200: { description: 'Version', content: { 'application/json': { schema: resolver(VersionInfo) } } } },
  }),
  (c) => c.json({ version: pkg.version } satisfies VersionInfo),
)

infosRoutes.get(
  INFOS_PATHS.urlPortail,
  describeRoute({
    summary: "URL du portail de la coopérative (lien de l'en-tête)",
    tags: ['infos'],
    security: [],
    responses: { 200: { description: 'URL', content: { 'application/json': { schema: resolver(UrlPortail) } } } },
  }),
  (c) => c.json({ url: c.get('deps').config.portalUrl } satisfies UrlPortail),
)

/** A readiness probe answers within this (a database that hangs is not ready). */
const PRET_TIMEOUT_MS = 2000

/** Did `work` succeed within `ms`? */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

infosRoutes.get(
  INFOS_PATHS.pret,
  describeRoute({
    summary: 'Prêt à servir : la base de données répond-elle ?',
    tags: ['infos'],
    security: [],
    responses: {
      200: { description: 'La base répond', content: { 'application/json': { schema: resolver(Pret) } } },
      503: {
        description: 'La base ne répond pas, ou le processus est près de sa limite de mémoire',
        content: { 'application/json': { schema: resolver(Pret) } },
      },
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store')
    const memoire = heapPressure()
    const base = (await within(c.get('deps').db.execute(sql`select 1`), PRET_TIMEOUT_MS))
      ? 'disponible'
      : 'indisponible'
    if (base === 'indisponible') {
      const message = 'La base de données ne répond pas : veuillez réessayer dans quelques instants.'
      return c.json({ base, memoire, message } satisfies Pret, 503)
    }
    if (memoire === 'haute') {
      const message = 'Le serveur est près de sa limite de mémoire : veuillez réessayer dans quelques instants.'
      return c.json({ base, memoire, message } satisfies Pret, 503)
    }
    return c.json({ base, memoire } satisfies Pret)
  },
)
