// The customer's catalog reads under /web/v1/tiers/{numTiers}/… (ordering-area §7). Each checks
// first that the session may act for that customer: the customer themself, or staff acting.
import { Hono, type Context } from 'hono'
import { NumTiersParam } from '../../../api/contract/common'
import { Commande, CommandeParams, Commandes, CommandesQuery, CURSEUR_SUIVANT, PageQuery } from '../../../api/contract/commandes'
import { Contrats, ContratsQuery } from '../../../api/contract/contrats'
import { Batiments, Exploitations } from '../../../api/contract/exploitations'
import { Livraisons, LivraisonsQuery } from '../../../api/contract/livraisons'
import { Lots } from '../../../api/contract/lots'
import { IncidentPaiement, IncidentPaiementQuery, ReglementTiers, ReglementTiersQuery } from '../../../api/contract/paiement'
import { MESSAGES } from '../../../domain/constants'
import { requireActFor } from '../../auth/access'
import type { AppEnv } from '../../http/env'
import { badRequest, notFound } from '../../http/http-error'
import { validate } from '../../http/validate'
import { loadCommande, loadCommandes, loadCommandesEnCours, type PageCommandes } from './commandes.handlers'
import { loadContrats } from './contrats.handlers'
import { describeRead } from './describe'
import { loadBatiments, loadExploitations, loadLots } from '../../services/farms'
import { loadLivraisons } from './livraisons.handlers'
import { loadIncidentPaiement, loadReglementTiers } from '../../services/paiement'

export const tiersCatalogRoutes = new Hono<AppEnv>()
const base = '/web/v1/tiers/:numTiers'

tiersCatalogRoutes.get(
  `${base}/livraisons`,
  describeRead(
    'Historique des livraisons : la fenêtre de 3 mois finissant à dateFin (aujourd’hui par défaut), limite lignes à la fois après le curseur apres ; suite donne le curseur du reste de la fenêtre',
    'catalogue',
    Livraisons,
  ),
  validate('param', NumTiersParam),
  validate('query', LivraisonsQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    const { db, clock } = c.get('deps')
    const { dateFin, limite, apres } = c.req.valid('query')
    const page = await loadLivraisons(db, numTiers, dateFin, clock.now(), { limite, apres })
    if (!page) throw badRequest(MESSAGES.historiqueTermine, 'HISTORIQUE_TERMINE')
    // As the orders' pages: the cursor in the header too.
    if (page.suite) c.header(CURSEUR_SUIVANT, page.suite)
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

/** A page of orders: the spec's array, and the next page's cursor in a header when there is one. */
function pageReply(c: Context, page: PageCommandes) {
  if (page.suivant) c.header(CURSEUR_SUIVANT, page.suivant)
  return c.json(page.commandes)
}

tiersCatalogRoutes.get(
  `${base}/commandes/commandes-en-cours`,
  describeRead('Commandes en cours : celles qui ont au moins une ligne pas encore facturée, supprimée ni en erreur', 'commandes', Commandes),
  validate('param', NumTiersParam),
  validate('query', PageQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    return pageReply(c, await loadCommandesEnCours(c.get('deps').db, numTiers, c.req.valid('query')))
  },
)

tiersCatalogRoutes.get(
  `${base}/commandes`,
  describeRead('Commandes reçues entre dateDebut et dateFin qui ont au moins une ligne à l’une des étapes données', 'commandes', Commandes),
  validate('param', NumTiersParam),
  validate('query', CommandesQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    const { etapes, dateDebut, dateFin, limite, apres } = c.req.valid('query')
    if (dateFin < dateDebut) throw badRequest('La date de fin doit être postérieure ou égale à la date de début', 'PERIODE_INVALIDE')
    return pageReply(c, await loadCommandes(c.get('deps').db, numTiers, etapes, { dateDebut, dateFin }, { limite, apres }))
  },
)

// Not in the spec's list: the detail view opened from a link (a bookmark, the outbox's "sent"
// notice) needs the order without knowing in which window it sits.
tiersCatalogRoutes.get(
  `${base}/commandes/:numero`,
  describeRead('Une commande et ses lignes', 'commandes', Commande, { 404: 'Commande inconnue' }),
  validate('param', CommandeParams),
  async (c) => {
    const { numTiers, numero } = c.req.valid('param')
    requireActFor(c, numTiers)
    const commande = await loadCommande(c.get('deps').db, numTiers, numero)
    if (!commande) throw notFound('Commande inconnue', 'COMMANDE_INEXISTANTE')
    return c.json(commande)
  },
)
