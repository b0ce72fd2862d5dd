// Sending an order and the satisfaction survey (cart-orders-admin §7), both idempotent with the
// Idempotency-Key header the outbox sends, and the payment proposals of a line.
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { ErrorBody, NumTiersParam } from '../../../api/contract/common'
import { CommandeAcceptee, CommandePayload, IDEMPOTENCY_HEADER } from '../../../api/contract/commandes'
import { Evaluation, EvaluationEnregistree, EVALUATIONS_PATH } from '../../../api/contract/evaluations'
import { PropositionsReglement, ReglementCommandeQuery } from '../../../api/contract/paiement'
import { MESSAGES } from '../../../domain/constants'
import { proposalsFromTerms } from '../../../domain/payment'
import { canConfirmOrder } from '../../../domain/roles'
import { actedFor, requireActFor } from '../../auth/access'
import { audit } from '../../db/audit'
import { evaluations } from '../../db/schema'
import type { AppEnv } from '../../http/env'
import { badRequest, forbidden, notFound } from '../../http/http-error'
import { idempotent } from '../../http/idempotency'
import { validate } from '../../http/validate'
import { flushMailOutbox } from '../../services/mailer'
import { acceptOrder, isOwnOrder } from '../../services/order-acceptance'
import { loadIncidentPaiement, loadReglementTiers } from '../../services/paiement'

export const commandesRoutes = new Hono<AppEnv>()

const json = (schema: Parameters<typeof resolver>[0]) => ({ 'application/json': { schema: resolver(schema) } })
const error = (description: string) => ({ description, content: json(ErrorBody) })
const idempotencyHeader = {
  in: 'header' as const,
  name: IDEMPOTENCY_HEADER,
  required: false,
  schema: { type: 'string' as const },
  description: 'Clé unique par envoi (8 à 100 caractères) : un nouvel envoi avec la même clé renvoie la première réponse.',
}

commandesRoutes.post(
  '/web/v1/tiers/:numTiers/commandes',
  describeRoute({
    summary: 'Envoie une commande : chaque ligne est vérifiée à nouveau, la commande est enregistrée et son numéro renvoyé',
    tags: ['commandes'],
    parameters: [idempotencyHeader],
    responses: {
      201: { description: 'Commande enregistrée', content: json(CommandeAcceptee) },
      400: error('Corps invalide'),
      401: error('Non authentifié'),
      403: error('Pas de rôle d’écriture, tiers non autorisé, ou incident de paiement bloquant'),
      409: error('Commande invalide (nom:[lettre,numéro,article]:raison;…), ou même clé encore en cours'),
      422: error('Même clé d’idempotence, autre requête'),
    },
  }),
  validate('param', NumTiersParam),
  validate('json', CommandePayload),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    const user = requireActFor(c, numTiers)
    if (!canConfirmOrder(user.roles)) throw forbidden("Vous n'avez pas le droit de confirmer une commande.")
    const payload = c.req.valid('json')
    if (payload.numTiers !== numTiers) throw badRequest('Le numéro de tiers de la commande ne correspond pas à celui de l’adresse.', 'TIERS_DIFFERENT')
    const { db, clock, config, logger } = c.get('deps')
    const now = clock.now()
    if ((await loadIncidentPaiement(db, numTiers, now.toISODate()!)).bloquant) throw forbidden(MESSAGES.contentieux)
    const outcome = await idempotent(
      db,
      { username: user.username, key: c.req.header(IDEMPOTENCY_HEADER), scope: `commandes:${numTiers}`, body: payload, now: now.toJSDate() },
      async (tx) => {
        const accepted = await acceptOrder(tx, { numTiers, username: user.username, payload, now, sessionStart: user.loginAt })
        // Staff sending for a member: logged with both, in the order's own transaction.
        const member = actedFor(user, numTiers)
        if (member && accepted.status === 201) {
          await audit(tx, { username: user.username, numTiers: member, action: 'commande-pour', details: { numero: (accepted.body as CommandeAcceptee).numero } })
        }
        return accepted
      },
    )
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    if (outcome.status === 201 && !outcome.replayed) {
      const { numero, mail } = outcome.body as CommandeAcceptee
      logger.info('order.accepted', { numero, numTiers, username: user.username, lignes: payload.commande.lignes.length, mail: mail ? (config.smtpUrl ? 'smtp' : 'kept') : 'none' })
      void flushMailOutbox(db, config.smtpUrl, logger).catch((err) => logger.warn('mail.flush_failed', { error: String(err) }))
    }
    return c.json(outcome.body as object, outcome.status as 201 | 409)
  },
)

commandesRoutes.post(
  EVALUATIONS_PATH,
  describeRoute({
    summary: 'Enregistre le questionnaire de satisfaction après une commande',
    tags: ['commandes'],
    parameters: [idempotencyHeader],
    responses: {
      201: { description: 'Enregistré', content: json(EvaluationEnregistree) },
      400: error('Corps invalide'),
      401: error('Non authentifié'),
      403: error('La session ne peut pas agir pour ce tiers, ou n’a pas de rôle d’écriture'),
      404: error('Commande inconnue pour ce tiers'),
      409: error('Même clé encore en cours'),
      422: error('Même clé d’idempotence, autre requête'),
    },
  }),
  validate('json', Evaluation),
  async (c) => {
    const body = c.req.valid('json')
    const user = requireActFor(c, body.numTiers)
    // Whoever may not confirm an order has no order to rate (and may have no customer row).
    if (!canConfirmOrder(user.roles)) throw forbidden("Vous n'avez pas le droit de répondre au questionnaire.")
    const { db, clock } = c.get('deps')
    if (body.numeroCommande && !(await isOwnOrder(db, body.numTiers, body.numeroCommande))) throw notFound('Commande inconnue pour ce tiers', 'COMMANDE_INEXISTANTE')
    const { notes, commentaire } = body.questionnaire
    const outcome = await idempotent(
      db,
      { username: user.username, key: c.req.header(IDEMPOTENCY_HEADER), scope: 'evaluations', body, now: clock.now().toJSDate() },
      async (tx) => {
        const [row] = await tx
          .insert(evaluations)
          .values({
            numTiers: body.numTiers,
            numeroCommande: body.numeroCommande ?? null,
            username: user.username,
            noteGlobale: notes.globale,
            noteDesign: notes.design ?? null,
            noteFluidite: notes.fluidite ?? null,
            noteLisibilite: notes.lisibilite ?? null,
            noteNavigation: notes.navigation ?? null,
            commentaire: commentaire?.trim() || null,
          })
          .returning({ id: evaluations.id })
        const member = actedFor(user, body.numTiers)
        if (member) await audit(tx, { username: user.username, numTiers: member, action: 'evaluation-pour', details: { id: row!.id } })
        return { status: 201, body: { id: row!.id } }
      },
    )
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body as object, outcome.status as 201)
  },
)

commandesRoutes.get(
  '/web/v1/tiers/:numTiers/reglement-commande',
  describeRoute({
    summary: 'Propositions de règlement pour une ligne : modes, échéance depuis le début de livraison, escompte, domiciliations',
    tags: ['commandes'],
    responses: { 200: { description: 'Modes proposés, le mode par défaut en premier', content: json(PropositionsReglement) }, 400: error('Paramètres invalides'), 401: error('Non authentifié'), 403: error('La session ne peut pas agir pour ce tiers') },
  }),
  validate('param', NumTiersParam),
  validate('query', ReglementCommandeQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    requireActFor(c, numTiers)
    const { dateValidite } = c.req.valid('query')
    return c.json(proposalsFromTerms(await loadReglementTiers(c.get('deps').db, numTiers), dateValidite))
  },
)
