// A payment incident in progress (cart-orders-admin §7): GET /web/v1/tiers/{numTiers}/incident-paiement.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../contract/common'
import { IncidentPaiement, IncidentPaiementQuery, INCIDENT_PAIEMENT_ROUTE } from '../../../contract/paiement'
import { loadIncidentPaiement } from '../../services/paiement'
import { checkEntite } from '../../services/entite'
import { forCustomer } from '../../auth/access'
import { describeRead, ENTITE_INCONNUE_404 } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const incidentPaiementRoutes = new Hono<AppEnv>()

incidentPaiementRoutes.get(
  INCIDENT_PAIEMENT_ROUTE,
  describeRead('Incident de paiement en cours (bloquant : contentieux)', 'catalogue', IncidentPaiement, {
    404: ENTITE_INCONNUE_404,
  }),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', IncidentPaiementQuery),
  async (c) => {
    const { db, clock } = c.get('deps')
    const { numTiers } = c.req.valid('param')
    await checkEntite(db, numTiers, c.req.valid('query').numEntite)
    return c.json(await loadIncidentPaiement(db, numTiers, clock.now().toISODate()!))
  },
)
