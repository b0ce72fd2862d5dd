// Request validation with the valibot schemas of src/api, through hono-openapi so the same schemas
// also write the OpenAPI document. A failed validation answers 400 with a French reason naming
// the field, before the handler reads or writes anything.
import { CODES_ERREUR } from '../../contract/error-codes'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ValidationTargets } from 'hono'
import { validator } from 'hono-openapi'
import { CONTROLE_INTERDIT, hasControlChar } from '../../contract/common'

const TARGET_LABEL: Record<string, string> = {
  json: 'corps',
  query: 'paramètres',
  param: 'chemin',
  form: 'formulaire',
  header: 'en-têtes',
  cookie: 'cookies',
}

/** The path of the first string holding a control character (keys included), or null. */
function controlCharPath(value: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof value === 'string') return hasControlChar(value) ? path : null
  if (!value || typeof value !== 'object' || depth > 32) return null
  for (const [k, item] of Object.entries(value)) {
    if (hasControlChar(k)) return [...path, k.replace(/[^\x20-\x7E]/g, '?')]
    const found = controlCharPath(item, [...path, Array.isArray(value) ? Number(k) : k], depth + 1)
    if (found) return found
  }
  return null
}

/**
 * Every target is refused with a control character anywhere in it (a NUL byte breaks PostgreSQL
 * text; the others are never a farmer's), whatever its schema says, so no route can forget it.
 */
function withoutControlChars<S extends StandardSchemaV1>(schema: S): S {
  const standard = schema['~standard']
  return {
    ...schema,
    '~standard': {
      ...standard,
      validate(value: unknown) {
        const path = controlCharPath(value)
        if (path) return { issues: [{ message: CONTROLE_INTERDIT, path }] }
        return standard.validate(value)
      },
    },
  }
}

/**
 * Checks of the schema whose refusals are about a well-formed request's values (a tonnage with a
 * 4th decimal…): when every issue comes from one of them, the answer is 422 with `code`.
 */
export interface Unprocessable {
  checks: readonly unknown[]
  code: string
}

const fromChecks = (issues: ReadonlyArray<StandardSchemaV1.Issue>, checks: readonly unknown[]) =>
  issues.length > 0 &&
  issues.every((i) => 'requirement' in i && checks.includes((i as { requirement?: unknown }).requirement))

export function validate<S extends StandardSchemaV1, T extends keyof ValidationTargets>(
  target: T,
  schema: S,
  unprocessable?: Unprocessable,
) {
  return validator(target, withoutControlChars(schema), (result, c) => {
    if (!result.success) {
      const issues = (result.error ?? []) as ReadonlyArray<StandardSchemaV1.Issue>
      const details = issues
        .slice(0, 5)
        .map((i) => {
          const path = (i.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.')
          return path ? `${path} : ${i.message}` : i.message
        })
        .join(' ; ')
      if (unprocessable && fromChecks(issues, unprocessable.checks))
        return c.json({ message: details, code: unprocessable.code }, 422)
      return c.json(
        {
          message: `Requête invalide (${TARGET_LABEL[target] ?? target}) : ${details}`,
          code: CODES_ERREUR.REQUETE_INVALIDE,
        },
        400,
      )
    }
  })
}
