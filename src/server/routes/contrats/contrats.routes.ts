// The customer's contracts (ordering-area §2, §7): GET /web/v1/tiers/{numTiers}/contrats.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../contract/common'
import { Contrats, ContratsQuery, CONTRATS_ROUTE } from '../../../contract/contrats'
import { loadContrats } from '../../services/contrats'
import { checkEntite } from '../../services/entite'
import { forCustomer } from '../../auth/access'
import { describeRead, ENTITE_INCONNUE_404 } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const contratsRoutes = new Hono<AppEnv>()

contratsRoutes.get(
  CONTRATS_ROUTE,
  describeRead(
    'Contrats non terminés à dateValidite (aujourd’hui par défaut), contratFutur pour ceux à venir',
    'catalogue',
    Contrats,
    { 404: ENTITE_INCONNUE_404 },
  ),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', ContratsQuery),
  async (c) => {
    const { db, clock } = c.get('deps')
    const { numEntite, dateValidite = clock.now().toISODate()! } = c.req.valid('query')
    const { numTiers } = c.req.valid('param')
    await checkEntite(db, numTiers, numEntite)
    return c.json(await loadContrats(db, numTiers, dateValidite))
  },
)
