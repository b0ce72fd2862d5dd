// The OpenAPI document comes from the same valibot schemas that validate the requests
// (hono-openapi reads them off the routes); /api/docs renders it as a readable page, self-hosted.
import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import type { AppEnv } from './env'

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch)

const documentation = {
  info: {
    title: 'Silo API',
    version: '27.0.0',
    description:
      "API de Silo, la commande d'aliments en ligne des adhérents. Les appels /web/v1/tiers/{numTiers}/… vérifient que la session peut agir pour ce tiers. Les erreurs répondent { message, code } en français.",
  },
  components: {
    securitySchemes: {
      session: { type: 'apiKey' as const, in: 'cookie' as const, name: 'silo_session' },
      // The integration routes (/api/integration/v1/…): `npm run api-key -- create NAME` makes one.
      cleApi: { type: 'http' as const, scheme: 'bearer' as const, description: 'Clé d’API de l’ERP' },
    },
  },
  security: [{ session: [] }],
}

/**
 * The answer of a request its validator refuses (http/validate.ts): hono-openapi's default
 * `{ success, error, data }` is not what Silo answers.
 */
const validationError = {
  description: 'Requête invalide (REQUETE_INVALIDE) : la raison nomme le champ',
  content: {
    'application/json': {
      schema: {
        type: 'object' as const,
        properties: { message: { type: 'string' as const }, code: { type: 'string' as const } },
        required: ['message'],
      },
    },
  },
}

/**
 * valibot's converter writes Int() (contract/common.ts: a JSON number or a string of digits, piped
 * to an integer) as `anyOf [number, string]` beside the pipe's `type: integer`: a contradiction
 * (Ajv's strict mode refuses it) and a union a strict client cannot send. What a client sends is
 * the integer (a query or path parameter is typed `integer`, its digits on the wire): the union goes.
 */
function integersAsIntegers(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(integersAsIntegers)
  if (!node || typeof node !== 'object') return
  const o = node as Record<string, unknown>
  if (o.type === 'integer' && Array.isArray(o.anyOf)) delete o.anyOf
  Object.values(o).forEach(integersAsIntegers)
}

const errorJson = validationError.content
const answer = (description: string) => ({ description, content: errorJson })
const WRITES = new Set(['post', 'put', 'patch', 'delete'])

/**
 * The answers the shared middlewares give before any route (app.ts, http/guards.ts,
 * http/database-errors.ts), added to each operation that does not describe them itself.
 */
function answersOfEveryRoute(paths: Record<string, Record<string, unknown>>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue
      const responses = op.responses as Record<string, unknown>
      const add = (status: number, description: string) => (responses[status] ??= answer(description))
      if (path.startsWith('/web/')) add(401, 'Non authentifié (NON_AUTHENTIFIE) : se connecter')
      if (WRITES.has(method)) {
        add(403, 'Écriture venue d’une autre origine que Silo (ORIGINE_REFUSEE)')
        add(
          413,
          `Corps trop volumineux (REQUETE_TROP_VOLUMINEUSE) : ${path.startsWith('/security/') ? 16 : 256} Ko au plus`,
        )
      }
      if (!path.startsWith('/public/infos/version') && !path.startsWith('/public/infos/url-portail'))
        add(
          503,
          'Serveur occupé (SERVEUR_OCCUPE) ou base de données indisponible (BASE_INDISPONIBLE) : réessayer après Retry-After',
        )
    }
  }
}

export function mountOpenApi(app: Hono<AppEnv>) {
  let cached: Awaited<ReturnType<typeof generateSpecs>> | null = null
  const specs = async () => {
    if (cached) return cached
    const doc = await generateSpecs(app, { documentation, defaultValidationErrorResponse: validationError })
    integersAsIntegers(doc.paths)
    answersOfEveryRoute(doc.paths as Record<string, Record<string, unknown>>)
    return (cached = doc)
  }

  app.get('/api/openapi.json', async (c) => c.json(await specs()))

  app.get('/api/docs', async (c) => {
    const doc = await specs()
    const rows: string[] = []
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {})) {
        if (typeof op !== 'object' || op === null || !('responses' in op)) continue
        const o = op as {
          summary?: string
          description?: string
          parameters?: unknown
          requestBody?: unknown
          responses?: unknown
          tags?: string[]
        }
        rows.push(`<section><h2><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h2>
<p>${esc(o.summary ?? '')}${o.description ? ` — ${esc(o.description)}` : ''}</p>
<details><summary>Paramètres, corps et réponses</summary><pre>${esc(JSON.stringify({ parameters: o.parameters, requestBody: o.requestBody, responses: o.responses }, null, 2))}</pre></details></section>`)
      }
    }
    return c.html(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Silo — référence de l'API</title><style nonce="${c.get('secureHeadersNonce') ?? ''}">body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;color:#111}
h1{color:#1b5e20}h2{font-size:1.05rem;margin:1.5rem 0 .25rem}.m{display:inline-block;min-width:4.5rem;padding:.1rem .4rem;border-radius:4px;color:#fff;background:#1b5e20;font-size:.85rem;text-align:center}
.m.post{background:#8a6d00}.m.put,.m.patch{background:#1f4e8c}.m.delete{background:#a11}pre{background:#f4f4f4;padding:.75rem;overflow:auto;font-size:.8rem}</style></head>
<body><h1>Silo — référence de l'API</h1><p>${esc(documentation.info.description)}</p><p><a href="/api/openapi.json">Document OpenAPI (JSON)</a></p>${rows.join('\n')}</body></html>`)
  })
}
