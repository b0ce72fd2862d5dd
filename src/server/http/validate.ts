// Request validation with the valibot schemas of src/api, through hono-openapi so the same schemas
// also write the OpenAPI document. A failed validation answers 400 with a French reason.
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ValidationTargets } from 'hono'
import { validator } from 'hono-openapi'

const TARGET_LABEL: Record<string, string> = { json: 'corps', query: 'paramètres', param: 'chemin', form: 'formulaire', header: 'en-têtes', cookie: 'cookies' }

export function validate<S extends StandardSchemaV1, T extends keyof ValidationTargets>(target: T, schema: S) {
  return validator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = (result.error ?? []) as ReadonlyArray<StandardSchemaV1.Issue>
      const details = issues
        .slice(0, 5)
        .map((i) => {
          const path = (i.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.')
          return path ? `${path} : ${i.message}` : i.message
        })
        .join(' ; ')
      return c.json({ message: `Requête invalide (${TARGET_LABEL[target] ?? target}) : ${details}`, code: 'REQUETE_INVALIDE' }, 400)
    }
  })
}
