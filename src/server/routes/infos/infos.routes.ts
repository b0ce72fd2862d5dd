// Public information: the server's version (shown in the version tooltip) and the portal's URL.
import { readFileSync } from 'node:fs'
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { INFOS_PATHS, UrlPortail, VersionInfo } from '../../../api/contract/infos'
import type { AppEnv } from '../../http/env'

const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

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
