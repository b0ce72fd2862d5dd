// The satisfaction survey after an order (cart-orders-admin §3 "Satisfaction evaluation", §7):
// POST /web/v1/evualuations (the spec's spelling), idempotent with the Idempotency-Key header the
// outbox sends.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { IDEMPOTENCY_HEADER } from '../../../contract/commandes'
import { Evaluation, EvaluationEnregistree, EVALUATIONS_PATH } from '../../../contract/evaluations'
import { canConfirmOrder } from '../../../domain/roles'
import { actedFor, requireActForWrite } from '../../auth/access'
import { audit } from '../../db/audit'
import { evaluations } from '../../db/schema'
import { error, idempotencyHeader, json, unavailable } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { forbidden, notFound } from '../../http/http-error'
import { idempotent } from '../../http/idempotency'
import { validate } from '../../http/validate'
import { isOwnOrder } from '../../services/order-acceptance'

export const evaluationsRoutes = new Hono<AppEnv>()

evaluationsRoutes.post(
  EVALUATIONS_PATH,
  describeRoute({
    summary: 'Enregistre le questionnaire de satisfaction après une commande',
    tags: ['commandes'],
    parameters: [idempotencyHeader],
    responses: {
      201: { description: 'Enregistré', content: json(EvaluationEnregistree) },
      400: error('Corps invalide'),
      401: error('Non authentifié'),
      403: error(
        'La session ne peut pas agir pour ce tiers (HORS_PORTEFEUILLE : hors du portefeuille du conseiller), ou n’a pas de rôle d’écriture',
      ),
      404: error('Commande inconnue pour ce tiers'),
      409: error('Même clé encore en cours'),
      422: error('Même clé d’idempotence, autre requête'),
      503: unavailable,
    },
  }),
  validate('json', Evaluation),
  async (c) => {
    const body = c.req.valid('json')
    const user = await requireActForWrite(c, body.numTiers)
    // Whoever may not confirm an order has no order to rate (and may have no customer row).
    if (!canConfirmOrder(user.roles)) throw forbidden("Vous n'avez pas le droit de répondre au questionnaire.")
    const { db, clock } = c.get('deps')
    if (body.numeroCommande && !(await isOwnOrder(db, body.numTiers, body.numeroCommande)))
      throw notFound('Commande inconnue pour ce tiers', CODES_ERREUR.COMMANDE_INEXISTANTE)
    const { notes, commentaire } = body.questionnaire
    const outcome = await idempotent(
      db,
      {
        username: user.username,
        key: c.req.header(IDEMPOTENCY_HEADER),
        scope: 'evaluations',
        body,
        now: clock.now().toJSDate(),
      },
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
        if (member)
          await audit(tx, {
            username: user.username,
            numTiers: member,
            action: 'evaluation-pour',
            details: { id: row!.id },
          })
        return { status: 201, body: { id: row!.id } }
      },
    )
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body as object, outcome.status as 201)
  },
)
