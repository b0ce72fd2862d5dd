// Every exchange of a test checked against the OpenAPI document the same app serves (issue 49
// item 6: the document is the truth the ERP's team writes its client from). The app's fetch is
// wrapped (app.request goes through it, and so does a server started on it): each exchange is
// matched to its operation by method and path template, then its path, query and header
// parameters, its body and its answer are validated with Ajv against the document's schemas. An
// answer the document does not describe, a body off its schema, or a request off the document
// that the server nevertheless accepted (2xx/3xx) fails the exchange with a readable message.
// A request off the document answered 4xx is a refusal the test meant: it is not a mismatch.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

type Json = Record<string, unknown>
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie'
  name: string
  required?: boolean
  schema?: Json
}
interface MediaType {
  schema?: Json
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, MediaType> }
  responses?: Record<string, { content?: Record<string, MediaType> }>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
}

/** Paths that are the document and its page, not operations of it. */
const NOT_OPERATIONS = new Set(['/api/openapi.json', '/api/docs'])
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** One Ajv per document: every schema of it compiled once (a schema Ajv refuses fails here). */
export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true })
  private readonly compiled = new Map<Json, ValidateFunction>()
  private readonly templates: { method: string; path: string; regex: RegExp; params: string[]; op: Operation }[] = []

  constructor(readonly doc: Document) {
    addFormats.default(this.ajv)
    // OpenAPI's own annotations inside its schemas (3.1 "Schema Object" fixed fields).
    this.ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs'])
    if (!/^3\.1\./.test(doc.openapi)) throw new Error(`OpenAPI 3.1 attendu, document ${doc.openapi}`)
    const problems: string[] = []
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue
        const where = `${method.toUpperCase()} ${path}`
        const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
        for (const name of params)
          if (!op.parameters?.some((p) => p.in === 'path' && p.name === name))
            problems.push(`${where} : paramètre de chemin {${name}} non décrit`)
        const regex = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\}/g, '([^/]+)')}$`)
        this.templates.push({ method, path, regex, params, op })
        const schemas: [string, Json | undefined][] = [
          ...(op.parameters ?? []).map((p): [string, Json | undefined] => [`paramètre ${p.in} ${p.name}`, p.schema]),
          ...Object.entries(op.requestBody?.content ?? {}).map(([ct, m]): [string, Json | undefined] => [
            `corps ${ct}`,
            m.schema,
          ]),
          ...Object.entries(op.responses ?? {}).flatMap(([status, r]) =>
            Object.entries(r.content ?? {}).map(([ct, m]): [string, Json | undefined] => [
              `réponse ${status} ${ct}`,
              m.schema,
            ]),
          ),
        ]
        for (const [what, schema] of schemas) {
          if (!schema) continue
          try {
            this.validator(schema)
          } catch (e) {
            problems.push(`${where} ${what} : ${(e as Error).message}`)
          }
        }
      }
    }
    // The most specific template first: /commandes/commandes-en-cours before /commandes/{numero}.
    this.templates.sort((a, b) => a.params.length - b.params.length)
    if (problems.length > 0) throw new Error(`Document OpenAPI invalide :\n${problems.join('\n')}`)
  }

  private validator(schema: Json): ValidateFunction {
    let fn = this.compiled.get(schema)
    if (!fn) {
      fn = this.ajv.compile(schema)
      this.compiled.set(schema, fn)
    }
    return fn
  }

  private errors(schema: Json, value: unknown): string | null {
    const fn = this.validator(schema)
    if (fn(value)) return null
    return (fn.errors ?? [])
      .slice(0, 8)
      .map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''}${describeParams(e)}`)
      .join(' ; ')
  }

  /** The mismatches of one exchange, empty when it follows the document. */
  async check(req: Request, requestBody: string, res: Response): Promise<string[]> {
    const url = new URL(req.url)
    const method = req.method.toLowerCase()
    if (NOT_OPERATIONS.has(url.pathname)) return []
    const found = this.templates.find((t) => t.method === method && t.regex.test(url.pathname))
    const label = `${req.method} ${url.pathname}${url.search} → ${res.status}`
    if (!found) return [`${label} : aucune opération du document pour ${req.method} ${url.pathname}`]
    const { op, path } = found
    const where = `${req.method} ${path} → ${res.status}`
    const offRequest = this.requestMismatches(found, url, req, requestBody)
    const out: string[] = []
    if (offRequest.length > 0 && res.status < 400)
      out.push(...offRequest.map((m) => `${where} : requête hors du document, pourtant acceptée : ${m}`))
    const documented = op.responses?.[String(res.status)] ?? op.responses?.[`${String(res.status)[0]}XX`]
    if (!documented) return [...out, `${where} : réponse ${res.status} non décrite (${label})`]
    const text = await res.text()
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim()
    if (text === '') return out
    const media = documented.content?.[type]
    if (!media) {
      out.push(
        `${where} : corps ${type || 'sans type'} non décrit (décrits : ${Object.keys(documented.content ?? {}).join(', ') || 'aucun'})`,
      )
      return out
    }
    if (type === 'application/json' && media.schema) {
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return [...out, `${where} : corps JSON illisible`]
      }
      const bad = this.errors(media.schema, body)
      if (bad) out.push(`${where} : réponse hors de son schéma : ${bad} — corps ${text.slice(0, 300)}`)
    }
    return out
  }

  private requestMismatches(
    found: { regex: RegExp; params: string[]; op: Operation },
    url: URL,
    req: Request,
    requestBody: string,
  ): string[] {
    const out: string[] = []
    const values = found.regex.exec(url.pathname)!.slice(1)
    for (const p of found.op.parameters ?? []) {
      if (!p.schema) continue
      let raw: string[]
      if (p.in === 'path') raw = [decodeURIComponent(values[found.params.indexOf(p.name)] ?? '')]
      else if (p.in === 'query') raw = url.searchParams.getAll(p.name)
      else if (p.in === 'header') raw = req.headers.has(p.name) ? [req.headers.get(p.name)!] : []
      else continue
      if (raw.length === 0) {
        if (p.required) out.push(`paramètre ${p.in} ${p.name} requis, absent`)
        continue
      }
      const bad = this.errors(p.schema, fromWire(p.schema, raw))
      if (bad) out.push(`paramètre ${p.in} ${p.name}=${raw.join(',')} : ${bad}`)
    }
    const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim()
    const described = found.op.requestBody
    // A body sent to an operation that takes none (a client's `{}` to a logout) is never read.
    if (!described) return out
    if (requestBody === '') {
      if (described?.required) out.push('corps requis, absent')
      return out
    }
    const media = described?.content?.[type]
    if (!media) return [...out, `corps ${type || 'sans type'} non décrit`]
    if (!media.schema) return out
    let body: unknown
    if (type === 'application/json') {
      try {
        body = JSON.parse(requestBody)
      } catch {
        return [...out, 'corps JSON illisible']
      }
    } else if (type === 'application/x-www-form-urlencoded') {
      body = Object.fromEntries(new URLSearchParams(requestBody))
    } else return out
    const bad = this.errors(media.schema, body)
    if (bad) out.push(`corps : ${bad}`)
    return out
  }
}

function describeParams(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  const extra = p.additionalProperty ?? p.missingProperty ?? p.allowedValues ?? p.pattern
  return extra === undefined ? '' : ` (${JSON.stringify(extra)})`
}

/** A parameter as its schema reads it: query and path values arrive as text. */
function fromWire(schema: Json, raw: string[]): unknown {
  if (schema.type === 'array')
    return raw.flatMap((r) => r.split(',')).map((r) => scalar((schema.items ?? {}) as Json, r))
  return scalar(schema, raw[raw.length - 1]!)
}
function scalar(schema: Json, raw: string): unknown {
  const type = schema.type
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw)
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true'
  return raw
}

const checkers = new Map<string, OpenApiChecker>()

export interface Checked {
  app: { fetch: (req: Request, ...rest: never[]) => Response | Promise<Response> }
}

/**
 * Wraps the app's fetch: each exchange is checked against the app's own /api/openapi.json, and
 * a mismatch throws (app.request rejects with the operation, the status and Ajv's errors).
 */
export function withOpenApiCheck<T extends Checked>(t: T): T {
  const original = t.app.fetch
  let checker: Promise<OpenApiChecker> | undefined
  const load = () =>
    (checker ??= (async () => {
      const res = await original(new Request('http://localhost/api/openapi.json', { headers: { Host: 'localhost' } }))
      const text = await res.text()
      let known = checkers.get(text)
      if (!known) {
        known = new OpenApiChecker(JSON.parse(text) as Document)
        checkers.set(text, known)
      }
      return known
    })())
  t.app.fetch = async (req: Request, ...rest: never[]) => {
    // The app reads the body first (a copy is read after): an early refusal stays early.
    const copy = req.body ? req.clone() : null
    const res = await original(req, ...rest)
    const body = copy && res.status !== 413 ? await copy.text() : ''
    const mismatches = await (await load()).check(req, body, res.clone())
    if (mismatches.length > 0) throw new Error(`Échange hors du document OpenAPI :\n${mismatches.join('\n')}`)
    return res
  }
  return t
}

/**
 * A fetch to a running Silo whose exchanges are checked the same way, against the document that
 * Silo serves at `base` (the ERP of the browser tests, tests/e2e/erp-client.ts).
 */
export function checkedFetch(base: string): (url: string, init?: RequestInit) => Promise<Response> {
  let checker: Promise<OpenApiChecker> | undefined
  return async (url, init) => {
    checker ??= fetch(`${base}/api/openapi.json`)
      .then((r) => r.json())
      .then((doc) => new OpenApiChecker(doc as Document))
    const res = await fetch(url, init)
    const body = typeof init?.body === 'string' ? init.body : ''
    const mismatches = await (await checker).check(new Request(url, init), body, res.clone())
    if (mismatches.length > 0) throw new Error(`Échange hors du document OpenAPI :\n${mismatches.join('\n')}`)
    return res
  }
}
