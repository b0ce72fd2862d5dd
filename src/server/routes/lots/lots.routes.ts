// Poultry lots and their feeding plans (ordering-area §2, §7): GET /web/v1/tiers/{numTiers}/lots.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../contract/common'
import { Lots, LOTS_ROUTE } from '../../../contract/lots'
import { loadLots } from '../../services/farms'
import { forCustomer } from '../../auth/access'
import { describeRead } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const lotsRoutes = new Hono<AppEnv>()

lotsRoutes.get(
  LOTS_ROUTE,
  describeRead(
    'Lots de volailles, plans d’alimentation, tranches et quantités commandées par article',
    'catalogue',
    Lots,
  ),
  validate('param', NumTiersParam),
  forCustomer,
  async (c) => c.json(await loadLots(c.get('deps').db, c.req.valid('param').numTiers)),
)
