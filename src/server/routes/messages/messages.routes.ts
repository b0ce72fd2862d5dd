// The message banner (cart-orders-admin §2 screen 5, §3 "Banner message", §4, §5, §7), role
// COM_ALI_ADMIN_METIER: GET and POST /web/v1/messages, PUT and DELETE /web/v1/messages/{id}.
// Every message is checked with src/domain's rules before it is saved, every write is audited;
// the farmers' banner reads the same table (referentiel.messagesBandeau), so a save shows at once.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import type { DateTime } from 'luxon'
import { ErrorBody } from '../../../contract/common'
import {
  Message,
  MESSAGE_ROUTE,
  MessageBody,
  MessageIdParam,
  Messages,
  MESSAGES_PATH,
} from '../../../contract/messages'
import { validateBannerMessage, type BannerErrors, type MessageBandeau } from '../../../domain/admin'
import { toDay, toIsoDate } from '../../../domain/calendar'
import { isBusinessAdmin } from '../../../domain/roles'
import { businessAdminOnly, requireRole } from '../../auth/access'
import type { AppEnv } from '../../http/env'
import { badRequest, HttpError, notFound } from '../../http/http-error'
import { jsonBody } from '../../http/guards'
import { validate } from '../../http/validate'
import { audit } from '../../db/audit'
import {
  deleteMessageRow,
  findMessage,
  insertMessage,
  listMessages,
  updateMessageRow,
  type MessageValues,
} from './messages.handlers'

export const messagesRoutes = new Hono<AppEnv>()

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(ErrorBody) } },
})
const common = { 401: error('Non authentifié'), 403: error('Rôle COM_ALI_ADMIN_METIER nécessaire') }
const refused = error(
  'Message refusé par les règles : « Valeur requise », « La date de fin doit être supérieure ou égale à la date de début », date antérieure à aujourd’hui',
)
const MESSAGE_INCONNU = 'Message inconnu'

/** The rules' messages, each once, in the form's order (texte, dateDebut, dateFin). */
function refusal(errors: BannerErrors): HttpError | null {
  const messages = [...new Set([errors.texte, errors.dateDebut, errors.dateFin].filter((m): m is string => m !== null))]
  return messages.length ? new HttpError(422, messages.join(' ; '), 'MESSAGE_INVALIDE') : null
}

/** Checks the body against the rules (today from the server's clock) and gives what is stored. */
function checked(
  body: { texte?: string | null; dateDebut?: string | null; dateFin?: string | null },
  now: DateTime,
  original?: MessageBandeau,
): MessageValues {
  const failure = refusal(validateBannerMessage(body, { now, original }))
  if (failure) throw failure
  return {
    texte: body.texte!.trim(),
    dateDebut: toIsoDate(toDay(body.dateDebut)!),
    dateFin: toIsoDate(toDay(body.dateFin)!),
  }
}

const idOf = (param: { id: string }) => Number(param.id)

messagesRoutes.get(
  MESSAGES_PATH,
  describeRoute({
    summary: 'Messages du bandeau, en cours et passés (id, texte, dateDebut, dateFin)',
    tags: ['messages'],
    responses: {
      200: { description: 'Messages', content: { 'application/json': { schema: resolver(Messages) } } },
      ...common,
    },
  }),
  businessAdminOnly,
  async (c) => c.json((await listMessages(c.get('deps').db)) satisfies Message[]),
)

messagesRoutes.post(
  MESSAGES_PATH,
  describeRoute({
    summary: 'Crée un message du bandeau (contrôlé par les règles, journalisé) ; la réponse donne son id',
    tags: ['messages'],
    responses: {
      201: {
        description: 'Le message créé, avec son id',
        content: { 'application/json': { schema: resolver(Message) } },
      },
      400: error('Corps invalide'),
      422: refused,
      ...common,
    },
  }),
  businessAdminOnly,
  jsonBody,
  validate('json', MessageBody),
  async (c) => {
    const user = requireRole(c, isBusinessAdmin)
    const { db, clock } = c.get('deps')
    const values = checked(c.req.valid('json'), clock.now())
    const created = await db.transaction(async (tx) => {
      const row = await insertMessage(tx, values)
      await audit(tx, { username: user.username, numTiers: null, action: 'message-bandeau-cree', details: row })
      return row
    })
    return c.json(created satisfies Message, 201)
  },
)

messagesRoutes.put(
  MESSAGE_ROUTE,
  describeRoute({
    summary: 'Modifie un message du bandeau (contrôlé par les règles, journalisé)',
    tags: ['messages'],
    responses: {
      200: { description: 'Le message enregistré', content: { 'application/json': { schema: resolver(Message) } } },
      400: error('Corps ou chemin invalide (id du corps différent du chemin)'),
      404: error(MESSAGE_INCONNU),
      422: refused,
      ...common,
    },
  }),
  businessAdminOnly,
  validate('param', MessageIdParam),
  jsonBody,
  validate('json', MessageBody),
  async (c) => {
    const user = requireRole(c, isBusinessAdmin)
    const id = idOf(c.req.valid('param'))
    const body = c.req.valid('json')
    if (body.id !== undefined && body.id !== null && body.id !== id) {
      throw badRequest('Requête invalide : l’id du corps doit être celui du chemin.', CODES_ERREUR.REQUETE_INVALIDE)
    }
    const { db, clock } = c.get('deps')
    const before = await findMessage(db, id)
    if (!before) throw notFound(MESSAGE_INCONNU, CODES_ERREUR.MESSAGE_INEXISTANT)
    // The saved dates, kept as they were, are not refused for being past (a running message).
    const values = checked(body, clock.now(), before)
    const saved = await db.transaction(async (tx) => {
      const row = await updateMessageRow(tx, id, values)
      if (row)
        await audit(tx, {
          username: user.username,
          numTiers: null,
          action: 'message-bandeau-modifie',
          details: { id, avant: before, apres: row },
        })
      return row
    })
    // Deleted between the read and the write: unknown, as it would have been a moment later.
    if (!saved) throw notFound(MESSAGE_INCONNU, CODES_ERREUR.MESSAGE_INEXISTANT)
    return c.json(saved satisfies Message)
  },
)

messagesRoutes.delete(
  MESSAGE_ROUTE,
  describeRoute({
    summary: 'Supprime un message du bandeau (journalisé)',
    tags: ['messages'],
    responses: {
      204: { description: 'Supprimé' },
      400: error('Chemin invalide'),
      404: error(MESSAGE_INCONNU),
      ...common,
    },
  }),
  businessAdminOnly,
  validate('param', MessageIdParam),
  async (c) => {
    const user = requireRole(c, isBusinessAdmin)
    const id = idOf(c.req.valid('param'))
    const { db } = c.get('deps')
    const deleted =
      id === -1
        ? null
        : await db.transaction(async (tx) => {
            const row = await deleteMessageRow(tx, id)
            if (row)
              await audit(tx, {
                username: user.username,
                numTiers: null,
                action: 'message-bandeau-supprime',
                details: row,
              })
            return row
          })
    if (!deleted) throw notFound(MESSAGE_INCONNU, CODES_ERREUR.MESSAGE_INEXISTANT)
    return c.body(null, 204)
  },
)
