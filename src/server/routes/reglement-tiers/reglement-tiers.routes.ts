// The customer's payment modes and bank accounts (cart-orders-admin §7): GET /web/v1/tiers/{numTiers}/reglement-tiers.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../api/contract/common'
import { ReglementTiers, ReglementTiersQuery, REGLEMENT_TIERS_ROUTE } from '../../../api/contract/paiement'
import { loadReglementTiers } from '../../services/paiement'
import { forCustomer } from '../../auth/access'
import { describeRead } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const reglementTiersRoutes = new Hono<AppEnv>()

reglementTiersRoutes.get(
  REGLEMENT_TIERS_ROUTE,
  describeRead(
    'Modes de règlement du tiers (le mode par défaut en premier) et domiciliations bancaires',
    'catalogue',
    ReglementTiers,
  ),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', ReglementTiersQuery),
  async (c) => c.json(await loadReglementTiers(c.get('deps').db, c.req.valid('param').numTiers)),
)
