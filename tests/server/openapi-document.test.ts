// The served OpenAPI document is the truth an ERP's client is written from (issue 49 item 6): every
// schema of it compiles under Ajv's strict mode (no `type: integer` beside a number-or-string
// union), it describes the session routes' bodies and every refusal as `{ message, code }`, and
// the checker that validates the integration tests' exchanges against it (support/openapi-check.ts)
// does fail an answer off its schema, an answer not described, and a request off the document
// that was accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get } from './support/app'
import { OpenApiChecker } from './support/openapi-check'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- a JSON document read by path

const FEED = '/api/integration/v1/commandes'

describe('the OpenAPI document', () => {
  let opened: OpenedTestDb
  let doc: Json
  let checker: OpenApiChecker

  beforeAll(async () => {
    opened = await backends[0]!.open({ seed: false })
    const t = buildTestApp(opened.db)
    doc = (await (await get(t.app, '/api/openapi.json')).json()) as Json
    checker = new OpenApiChecker(doc as ConstructorParameters<typeof OpenApiChecker>[0])
  })
  afterAll(async () => {
    await opened?.close()
  })

  it('compiles whole under Ajv strict mode, with integers typed as integers', () => {
    const text = JSON.stringify(doc)
    expect(text).not.toContain('"success"') // hono-openapi's default 400, not what Silo answers
    const limite = (doc.paths[FEED].get.parameters as Json[]).find((p) => p.name === 'limite')!
    expect(limite.schema).toEqual({ type: 'integer', minimum: 1, maximum: 500, default: 100 })
    const ligne =
      doc.paths['/api/integration/v1/livraisons'].post.requestBody.content['application/json'].schema.properties.lignes
        .items.properties
    expect(ligne.numAdresse).toEqual({
      anyOf: [{ type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 }, { type: 'null' }],
    })
  })

  it('describes the sign-in bodies, the first sign-in form and its jeton', () => {
    const login = doc.paths['/security/login'].post
    for (const type of ['application/json', 'application/x-www-form-urlencoded'])
      expect(login.requestBody.content[type].schema.required).toEqual(['username', 'password'])
    const first = doc.paths['/security/premiere-connexion']
    expect(first.post.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual([
      'jeton',
      'motDePasse',
      'confirmation',
    ])
    expect(first.get.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'jeton', required: true })])
  })

  it('describes every refusal of a route as { message, code }', () => {
    // The readiness probe's 503 says which of the base and the memory is the cause (with a message).
    const { '/public/infos/pret': _probe, ...paths } = doc.paths as Json
    for (const [path, item] of Object.entries(paths))
      for (const [method, op] of Object.entries(item as Json))
        for (const [status, answer] of Object.entries((op as Json).responses as Json)) {
          const schema = (answer as Json).content?.['application/json']?.schema
          if (Number(status) >= 400 && schema)
            expect({ at: `${method} ${path} ${status}`, required: schema.required }).toEqual({
              at: `${method} ${path} ${status}`,
              required: ['message'],
            })
        }
  })

  const feedRequest = (query = '') =>
    new Request(`http://localhost${FEED}${query}`, { headers: { Authorization: 'Bearer x' } })
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

  it('its checker passes a true exchange and fails a false one, naming the operation, the status and why', async () => {
    const page = { commandes: [], suivant: '0', encore: false }
    expect(await checker.check(feedRequest('?limite=5'), '', answer(200, page))).toEqual([])
    expect(await checker.check(feedRequest('?limite=0'), '', answer(400, { message: 'm', code: 'c' }))).toEqual([])

    const [offSchema] = await checker.check(feedRequest(), '', answer(200, { ...page, commandes: 'aucune' }))
    expect(offSchema).toMatch(/^GET \/api\/integration\/v1\/commandes → 200 : réponse hors de son schéma : \/commandes/)
    const [undescribed] = await checker.check(feedRequest(), '', answer(418, { message: 'm' }))
    expect(undescribed).toMatch(/réponse 418 non décrite/)
    const [badRefusal] = await checker.check(feedRequest('?limite=x'), '', answer(400, { success: false }))
    expect(badRefusal).toMatch(/→ 400 : réponse hors de son schéma : \/ must have required property 'message'/)
    const [accepted] = await checker.check(feedRequest('?limite=501'), '', answer(200, page))
    expect(accepted).toMatch(
      /requête hors du document, pourtant acceptée : paramètre query limite=501 : \/ must be <= 500/,
    )
    const [unknown] = await checker.check(
      new Request('http://localhost/api/inconnue'),
      '',
      answer(404, { message: 'm' }),
    )
    expect(unknown).toMatch(/aucune opération du document pour GET \/api\/inconnue/)
  })
})
