// GET /web/v1/aides/{cle} — the help text of a page, kept in the database so the cooperative can
// word it without a new version of the app.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { Aide, AIDE_ROUTE, AideParam } from '../../../contract/aides'
import { ErrorBody } from '../../../contract/common'
import { requireUser } from '../../auth/session-middleware'
import { helpTexts } from '../../db/schema'
import type { AppEnv } from '../../http/env'
import { notFound } from '../../http/http-error'
import { validate } from '../../http/validate'

export const aidesRoutes = new Hono<AppEnv>()

aidesRoutes.get(
  AIDE_ROUTE,
  describeRoute({
    summary: "Texte d'aide contextuelle d'une page (VALID-PANIER, COMMENTAIRE_PANIER, VALID-COMMANDE, COMMANDE…)",
    tags: ['aide'],
    responses: {
      200: { description: 'Aide', content: { 'application/json': { schema: resolver(Aide) } } },
      404: {
        description: 'Aucune aide pour cette page',
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
    },
  }),
  validate('param', AideParam),
  async (c) => {
    requireUser(c)
    const { cle } = c.req.valid('param')
    const [row] = await c.get('deps').db.select().from(helpTexts).where(eq(helpTexts.pageKey, cle)).limit(1)
    if (!row) throw notFound('Aucune aide pour cette page.', CODES_ERREUR.AIDE_INEXISTANTE)
    return c.json({ cle: row.pageKey, texte: row.texte } satisfies Aide)
  },
)
