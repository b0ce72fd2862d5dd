// The customer's payment modes and bank accounts (cart-orders-admin §7): GET /web/v1/tiers/{numTiers}/reglement-tiers.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../contract/common'
import { ReglementTiers, ReglementTiersQuery, REGLEMENT_TIERS_ROUTE } from '../../../contract/paiement'
import { loadReglementTiers } from '../../services/paiement'
import { checkArticle, checkEntite } from '../../services/entite'
import { forCustomer } from '../../auth/access'
import { describeRead, ENTITE_OU_ARTICLE_INCONNU_404 } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const reglementTiersRoutes = new Hono<AppEnv>()

reglementTiersRoutes.get(
  REGLEMENT_TIERS_ROUTE,
  describeRead(
    'Modes de règlement du tiers (le mode par défaut en premier) et domiciliations bancaires',
    'catalogue',
    ReglementTiers,
    { 404: ENTITE_OU_ARTICLE_INCONNU_404 },
  ),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', ReglementTiersQuery),
  async (c) => {
    const { db } = c.get('deps')
    const { numTiers } = c.req.valid('param')
    const { numEntite, numArticle } = c.req.valid('query')
    await checkEntite(db, numTiers, numEntite)
    await checkArticle(db, numArticle)
    // The customer's terms are the same for every article in this cooperative's data.
    return c.json(await loadReglementTiers(db, numTiers))
  },
)
