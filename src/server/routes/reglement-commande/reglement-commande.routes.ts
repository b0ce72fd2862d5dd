// The payment proposals of a line (cart-orders-admin §7): GET /web/v1/tiers/{numTiers}/reglement-commande.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../contract/common'
import { PropositionsReglement, ReglementCommandeQuery, REGLEMENT_COMMANDE_ROUTE } from '../../../contract/paiement'
import { proposalsFromTerms } from '../../../domain/payment'
import { loadReglementTiers } from '../../services/paiement'
import { checkArticle, checkEntite } from '../../services/entite'
import { forCustomer } from '../../auth/access'
import { describeRead, ENTITE_OU_ARTICLE_INCONNU_404 } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const reglementCommandeRoutes = new Hono<AppEnv>()

reglementCommandeRoutes.get(
  REGLEMENT_COMMANDE_ROUTE,
  describeRead(
    'Propositions de règlement pour une ligne : modes, échéance depuis le début de livraison, escompte, domiciliations',
    'commandes',
    PropositionsReglement,
    { 404: ENTITE_OU_ARTICLE_INCONNU_404 },
  ),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', ReglementCommandeQuery),
  async (c) => {
    const { db } = c.get('deps')
    const { numTiers } = c.req.valid('param')
    const { numEntite, numArticle, dateValidite } = c.req.valid('query')
    await checkEntite(db, numTiers, numEntite)
    await checkArticle(db, numArticle)
    return c.json(proposalsFromTerms(await loadReglementTiers(db, numTiers), dateValidite))
  },
)
