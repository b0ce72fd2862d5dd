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

export function mountOpenApi(app: Hono<AppEnv>) {
  let cached: Awaited<ReturnType<typeof generateSpecs>> | null = null
  const specs = async () => (cached ??= await generateSpecs(app, { documentation }))

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
