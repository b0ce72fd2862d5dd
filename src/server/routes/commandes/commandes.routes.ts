// Every /web/v1/tiers/{numTiers}/commandes endpoint (cart-orders-admin §2 "Orders screen", §7):
// sending an order (idempotent with the Idempotency-Key header the outbox sends), the orders in
// progress, the orders of a period, one order.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { NumTiersParam } from '../../../contract/common'
import {
  Commande,
  CommandeAcceptee,
  CommandeParams,
  CommandePayload,
  Commandes,
  COMMANDE_ROUTE,
  COMMANDES_EN_COURS_ROUTE,
  COMMANDES_ROUTE,
  CommandesQuery,
  COMMANDE_PRECEDENTE,
  CURSEUR_SUIVANT,
  IDEMPOTENCY_HEADER,
  PageQuery,
} from '../../../contract/commandes'
import { MESSAGES } from '../../../domain/constants'
import { canConfirmOrder } from '../../../domain/roles'
import { actedFor, forCustomer, requireActForWrite } from '../../auth/access'
import { audit } from '../../db/audit'
import type { AppEnv } from '../../http/env'
import { badRequest, forbidden, notFound } from '../../http/http-error'
import { describeRead, error, idempotencyHeader, json, responseHeader, unavailable } from '../../http/describe'
import type { Context } from 'hono'
import { loadCommande, loadCommandes, loadCommandesEnCours, type PageCommandes } from '../../services/commandes'
import { idempotent } from '../../http/idempotency'
import { validate } from '../../http/validate'
import { acceptOrder } from '../../services/order-acceptance'
import { loadIncidentPaiement } from '../../services/paiement'
import { roundTonnes } from '../../../domain/tonnes'
import { recordOrderSent } from '../../services/analytics'

export const commandesRoutes = new Hono<AppEnv>()

commandesRoutes.post(
  COMMANDES_ROUTE,
  describeRoute({
    summary:
      'Envoie une commande : chaque ligne est vérifiée à nouveau, la commande est enregistrée et son numéro renvoyé',
    tags: ['commandes'],
    parameters: [idempotencyHeader],
    responses: {
      201: { description: 'Commande enregistrée', content: json(CommandeAcceptee) },
      400: error('Corps invalide'),
      401: error('Non authentifié'),
      403: error(
        'Pas de rôle d’écriture, tiers non autorisé (ADHERENT_NON_CHOISI, HORS_PORTEFEUILLE : retiré du portefeuille du conseiller), ou incident de paiement bloquant',
      ),
      409: error('Commande invalide (nom:[lettre,numéro,article]:raison;…), ou même clé encore en cours'),
      422: error('Même clé d’idempotence, autre requête'),
      503: unavailable,
    },
  }),
  validate('param', NumTiersParam),
  validate('json', CommandePayload),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    // The member chosen when the order was confirmed, which the outbox's proof may carry.
    const user = await requireActForWrite(c, numTiers)
    if (!canConfirmOrder(user.roles)) throw forbidden("Vous n'avez pas le droit de confirmer une commande.")
    const payload = c.req.valid('json')
    if (payload.numTiers !== numTiers)
      throw badRequest(
        'Le numéro de tiers de la commande ne correspond pas à celui de l’adresse.',
        CODES_ERREUR.TIERS_DIFFERENT,
      )
    const { db, clock, config, logger, mail: mailer } = c.get('deps')
    const now = clock.now()
    if ((await loadIncidentPaiement(db, numTiers, now.toISODate()!)).bloquant) throw forbidden(MESSAGES.contentieux)
    const outcome = await idempotent(
      db,
      {
        username: user.username,
        key: c.req.header(IDEMPOTENCY_HEADER),
        scope: `commandes:${numTiers}`,
        body: payload,
        now: now.toJSDate(),
      },
      async (tx) => {
        const accepted = await acceptOrder(tx, {
          numTiers,
          username: user.username,
          payload,
          now,
          sessionStart: user.loginAt,
          idempotencyKey: c.req.header(IDEMPOTENCY_HEADER) ?? null,
        })
        // Staff sending for a member: logged with both, in the order's own transaction.
        const member = actedFor(user, numTiers)
        if (member && accepted.status === 201) {
          await audit(tx, {
            username: user.username,
            numTiers: member,
            action: 'commande-pour',
            details: { numero: (accepted.body as CommandeAcceptee).numero },
          })
        }
        return accepted
      },
    )
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    if (outcome.status === 201 && !outcome.replayed) {
      const { numero, mail } = outcome.body as CommandeAcceptee
      logger.info('order.accepted', {
        numero,
        numTiers,
        username: user.username,
        lignes: payload.commande.lignes.length,
        mail: mail ? (config.smtpUrl ? 'smtp' : 'kept') : 'none',
      })
      // Its confirmation now rather than at the next periodic run (services/mailer.ts).
      mailer?.kick()
      // And its AMQP message (services/amqp-publisher.ts), never waited for.
      c.get('deps').orderPublisher?.kick()
      recordOrderSent(
        {
          event: 'commande_envoyee',
          numero,
          numTiers,
          parConseiller: actedFor(user, numTiers) !== null,
          lignes: payload.commande.lignes.length,
          tonnes: roundTonnes(payload.commande.lignes.reduce((t, l) => t + (l.quantiteCommande ?? 0), 0)),
          at: now.toUTC().toISO()!,
        },
        config.analyticsUrl,
        logger,
      )
    }
    return c.json(outcome.body as object, outcome.status as 201 | 409)
  },
)

/** A page of orders: the spec's array, and the next page's cursor in a header when there is one. */
function pageReply(c: Context, page: PageCommandes) {
  if (page.suivant) c.header(CURSEUR_SUIVANT, page.suivant)
  if (page.precedente) c.header(COMMANDE_PRECEDENTE, page.precedente)
  return c.json(page.commandes)
}

commandesRoutes.get(
  COMMANDES_EN_COURS_ROUTE,
  describeRead(
    'Commandes en cours : celles qui ont au moins une ligne pas encore facturée, supprimée ni en erreur',
    'commandes',
    Commandes,
  ),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', PageQuery),
  async (c) =>
    pageReply(c, await loadCommandesEnCours(c.get('deps').db, c.req.valid('param').numTiers, c.req.valid('query'))),
)

commandesRoutes.get(
  COMMANDES_ROUTE,
  describeRead(
    'Commandes reçues entre dateDebut et dateFin qui ont au moins une ligne à l’une des étapes données',
    'commandes',
    Commandes,
    {},
    {
      [CURSEUR_SUIVANT]: responseHeader('Curseur de la page suivante (paramètre apres), absent sur la dernière'),
      [COMMANDE_PRECEDENTE]: responseHeader(
        'Sur la dernière page de la période : jour (heure de Paris) de la commande la plus récente reçue avant dateDebut ' +
          'qui a une ligne à l’une des étapes données ; absent quand il n’y en a pas',
        'date',
      ),
    },
  ),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', CommandesQuery),
  async (c) => {
    const { etapes, dateDebut, dateFin, limite, apres } = c.req.valid('query')
    if (dateFin < dateDebut)
      throw badRequest(
        'La date de fin doit être postérieure ou égale à la date de début',
        CODES_ERREUR.PERIODE_INVALIDE,
      )
    return pageReply(
      c,
      await loadCommandes(
        c.get('deps').db,
        c.req.valid('param').numTiers,
        etapes,
        { dateDebut, dateFin },
        { limite, apres },
      ),
    )
  },
)

// Not in the spec's list: the detail view opened from a link (a bookmark, the outbox's "sent"
// notice) needs the order without knowing in which window it sits.
commandesRoutes.get(
  COMMANDE_ROUTE,
  describeRead('Une commande et ses lignes', 'commandes', Commande, { 404: 'Commande inconnue' }),
  validate('param', CommandeParams),
  forCustomer,
  async (c) => {
    const { numTiers, numero } = c.req.valid('param')
    const commande = await loadCommande(c.get('deps').db, numTiers, numero)
    if (!commande) throw notFound('Commande inconnue', CODES_ERREUR.COMMANDE_INEXISTANTE)
    return c.json(commande)
  },
)
