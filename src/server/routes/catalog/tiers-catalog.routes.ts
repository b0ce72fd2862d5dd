// The customer's catalog reads under /web/v1/tiers/{numTiers}/… (ordering-area §7). Each checks
// first that the session may act for that customer: the customer themself, or staff acting.
import { Hono } from 'hono'
import { NumTiersParam } from '../../../api/contract/common'
import { Contrats, ContratsQuery } from '../../../api/contract/contrats'
import { Batiments, Exploitations } from '../../../api/contract/exploitations'
import { Livraisons, LivraisonsQuery } from '../../../api/contract/livraisons'
import { Lots } from '../../../api/contract/lots'
import { IncidentPaiement, IncidentPaiementQuery, ReglementTiers, ReglementTiersQuery } from '../../../api/contract/paiement'
import { MESSAGES } from '../../../domain/constants'
import { requireActFor } from '../../auth/access'
import type { AppEnv } from '../../http/env'
import { badRequest } from '../../http/http-error'
import { validate } from '../../http/validate'
import { loadContrats } from './contrats.handlers'
import { describeRead } from './describe'
import { loadBatiments, loadExploitations, loadLots } from './farms.handlers'
import { loadLivraisons } from './livraisons.handlers'
import { loadIncidentPaiement, loadReglementTiers } from './paiement.handlers'

export const tiersCatalogRoutes = new Hono<AppEnv>()
const base = '/web/v1/tiers/:numTiers'

tiersCatalogRoutes.get(
  `${base}/livraisons`,
  describeRead('Historique des livraisons : la fenêtre de 3 mois finissant à dateFin (aujourd’hui par défaut)', 'catalogue', Livraisons),
  validate('param', NumTiersParam),
  validate('query', LivraisonsQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    const { db, clock } = c.get('deps')
    const page = await loadLivraisons(db, numTiers, c.req.valid('query').dateFin, clock.now())
    if (!page) throw badRequest(MESSAGES.historiqueTermine, 'HISTORIQUE_TERMINE')
    return c.json(page satisfies Livraisons)
  },
)

tiersCatalogRoutes.get(
  `${base}/contrats`,
  describeRead('Contrats non terminés à dateValidite (aujourd’hui par défaut), contratFutur pour ceux à venir', 'catalogue', Contrats),
  validate('param', NumTiersParam),
  validate('query', ContratsQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    const { db, clock } = c.get('deps')
    const dateValidite = c.req.valid('query').dateValidite ?? clock.now().toISODate()!
    return c.json(await loadContrats(db, numTiers, dateValidite))
  },
)

tiersCatalogRoutes.get(
  `${base}/lots`,
  describeRead('Lots de volailles, plans d’alimentation, tranches et quantités commandées par article', 'catalogue', Lots),
  validate('param', NumTiersParam),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    return c.json(await loadLots(c.get('deps').db, numTiers))
  },
)

tiersCatalogRoutes.get(
  `${base}/exploitations`,
  describeRead('Exploitations du tiers', 'catalogue', Exploitations),
  validate('param', NumTiersParam),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    return c.json(await loadExploitations(c.get('deps').db, numTiers))
  },
)

tiersCatalogRoutes.get(
  `${base}/batiments`,
  describeRead('Bâtiments du tiers et leurs lieux de stockage', 'catalogue', Batiments),
  validate('param', NumTiersParam),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    return c.json(await loadBatiments(c.get('deps').db, numTiers))
  },
)

tiersCatalogRoutes.get(
  `${base}/incident-paiement`,
  describeRead('Incident de paiement en cours (bloquant : contentieux)', 'catalogue', IncidentPaiement),
  validate('param', NumTiersParam),
  validate('query', IncidentPaiementQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    const { db, clock } = c.get('deps')
    return c.json(await loadIncidentPaiement(db, numTiers, clock.now().toISODate()!))
  },
)

tiersCatalogRoutes.get(
  `${base}/reglement-tiers`,
  describeRead('Modes de règlement du tiers (le mode par défaut en premier) et domiciliations bancaires', 'catalogue', ReglementTiers),
  validate('param', NumTiersParam),
  validate('query', ReglementTiersQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    return c.json(await loadReglementTiers(c.get('deps').db, numTiers))
  },
)

