// The customer's buildings and their storage places (ordering-area §7): GET /web/v1/tiers/{numTiers}/batiments.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../contract/common'
import { Batiments, BATIMENTS_ROUTE } from '../../../contract/exploitations'
import { loadBatiments } from '../../services/farms'
import { forCustomer } from '../../auth/access'
import { describeRead } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const batimentsRoutes = new Hono<AppEnv>()

batimentsRoutes.get(
  BATIMENTS_ROUTE,
  describeRead('Bâtiments du tiers et leurs lieux de stockage', 'catalogue', Batiments),
  validate('param', NumTiersParam),
  forCustomer,
  async (c) => c.json(await loadBatiments(c.get('deps').db, c.req.valid('param').numTiers)),
)
