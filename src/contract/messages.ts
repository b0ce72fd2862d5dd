// Banner messages (cart-orders-admin §2 screen 5, §3 "Banner message", §7): GET and POST
// /web/v1/messages, PUT and DELETE /web/v1/messages/{id}. Role COM_ALI_ADMIN_METIER. The body's
// shape is checked here (400); its content by src/domain/admin.ts's rules (422, the spec's texts).
import * as v from 'valibot'
import { fill } from './paths'
import { MessageBandeau } from './referentiel'

export const MESSAGES_PATH = '/web/v1/messages'
export const MESSAGE_ROUTE = '/web/v1/messages/:id'
export const messagePath = (id: number) => fill(MESSAGE_ROUTE, { id })

/** The banner is one line or two: longer texts are refused before they reach the rules. */
export const TEXTE_MAX = 500

/** A message as the API returns it (the same shape as the reference data's messagesBandeau). */
export const Message = MessageBandeau
export type Message = MessageBandeau
export const Messages = v.array(Message)

/** {id}: an unknown one answers 404, so anything numeric passes here. */
export const MessageIdParam = v.object({
  id: v.pipe(v.string(), v.regex(/^-?\d{1,9}$/, 'Identifiant de message invalide')),
})

const Texte = v.nullish(
  v.pipe(v.string(), v.maxLength(TEXTE_MAX, `Le message ne doit pas dépasser ${TEXTE_MAX} caractères`)),
)
// Dates as 'yyyy-MM-dd'; an empty one is the rules' 'Valeur requise', not a shape error.
const Jour = v.nullish(v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Date attendue au format aaaa-mm-jj')))

const MessageFields = v.object({
  id: v.nullish(v.number()),
  texte: Texte,
  dateDebut: Jour,
  dateFin: Jour,
})

/** POST and PUT body: the message (an id in a PUT body must be the path's); never a list. */
export const MessageBody = v.pipe(
  v.custom<Record<string, unknown>>(
    (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
    'Objet message attendu',
  ),
  MessageFields,
)
export type MessageBody = v.InferInput<typeof MessageFields>
