// OpenAPI description shared by the routes: a JSON body, an error answer, the idempotency key of
// the writes the outbox sends, and the whole description of a read.
import { describeRoute, resolver } from 'hono-openapi'
import type { GenericSchema } from 'valibot'
import { IDEMPOTENCY_HEADER } from '../../contract/commandes'
import { ErrorBody } from '../../contract/common'
import { KEY_PATTERN } from './idempotency'

export const json = (schema: GenericSchema) => ({ 'application/json': { schema: resolver(schema) } })
export const error = (description: string) => ({ description, content: json(ErrorBody) })

/** The database busy or unreachable (http/database-errors.ts): any route may answer it. */
export const unavailable = error(
  'Serveur occupé (SERVEUR_OCCUPE) ou base de données indisponible (BASE_INDISPONIBLE) : réessayer après Retry-After',
)

export const idempotencyHeader = {
  in: 'header' as const,
  name: IDEMPOTENCY_HEADER,
  required: false,
  schema: { type: 'string' as const, pattern: KEY_PATTERN.source },
  description:
    'Clé unique par envoi (8 à 100 caractères) : un nouvel envoi avec la même clé renvoie la première réponse.',
}

/** A response header a read may carry (its value a string), as OpenAPI describes it. */
export const responseHeader = (description: string, format?: 'date') => ({
  description,
  schema: { type: 'string' as const, ...(format && { format }) },
})

export const describeRead = (
  summary: string,
  tag: string,
  schema: GenericSchema,
  extra: Record<number, string> = {},
  headers?: Record<string, ReturnType<typeof responseHeader>>,
) =>
  describeRoute({
    summary,
    tags: [tag],
    responses: {
      200: { description: 'OK', content: json(schema), ...(headers && { headers }) },
      400: error('Paramètres invalides'),
      401: error('Non authentifié'),
      403: error('La session ne peut pas agir pour ce tiers (hors du portefeuille du conseiller : HORS_PORTEFEUILLE)'),
      ...Object.fromEntries(Object.entries(extra).map(([status, d]) => [status, error(d)])),
    },
  })

/** services/entite.ts: a numEntite that is not the customer's, or an article unknown. */
export const ENTITE_INCONNUE_404 =
  'Tiers inconnu (TIERS_INEXISTANT), ou numEntite qui n’est pas celle du tiers (ENTITE_INCONNUE)'
export const ENTITE_OU_ARTICLE_INCONNU_404 = `${ENTITE_INCONNUE_404}, ou numArticle inconnu (ARTICLE_INEXISTANT)`
