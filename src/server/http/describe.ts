// OpenAPI description shared by the read routes.
import { describeRoute, resolver } from 'hono-openapi'
import type { GenericSchema } from 'valibot'
import { ErrorBody } from '../../api/contract/common'

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(ErrorBody) } },
})

export const describeRead = (summary: string, tag: string, schema: GenericSchema, extra: Record<number, string> = {}) =>
  describeRoute({
    summary,
    tags: [tag],
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: resolver(schema) } } },
      400: error('Paramètres invalides'),
      401: error('Non authentifié'),
      403: error('La session ne peut pas agir pour ce tiers'),
      ...Object.fromEntries(Object.entries(extra).map(([status, d]) => [status, error(d)])),
    },
  })
