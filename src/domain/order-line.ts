// A whole order line checked at once: the form's submit gate and the server's order acceptance
// run this same function, so a line the form accepts is a line the server accepts (unless time
// has moved on: `now` is an input).
import type { DateTime } from 'luxon'
import { MESSAGES } from './constants'
import { validateDeliveryWindow } from './delivery-window'
import { mineralMax, validateMineraux } from './minerals'
import { DEFAULT_ORDER_PARAMETERS, type OrderParameters } from './order-parameters'
import { lineQuantityBounds, validateQuantity } from './quantity'
import { validateSlots } from './slots'
import { allowedSiloTypes, validateStoragePlaces } from './storage-places'
import { validateSupplementations } from './supplements'
import { validateTruckMode } from './truck-mode'
import { validateBuilding } from './articles'
import type { Adresse, Batiment, CartLine, Code, ContraintesArticle, ContraintesLivraison, ModeCamion } from './types'
import { text } from './text'

export interface OrderLineContext {
  now: DateTime
  params?: OrderParameters
  sessionStart?: DateTime | null
  contraintesArticle?: ContraintesArticle | null
  /** The article is a simple feed (its typeAliment, read from the article's row on the server). */
  alimentSimple?: boolean
  contraintesLivraison?: ContraintesLivraison | null
  modesCamion?: readonly ModeCamion[] | null
  /** The other lines of the cart or order (same start slot rule). */
  otherLines?: readonly CartLine[]
  /** The line's building, for its silo types; the defaults come from params.typesSiloDefault. */
  batiment?: Batiment | null
  /** The customer's addresses; when given, the line's must be one of those not in state S. */
  adresses?: readonly Adresse[] | null
  /** The server's answer to validationAdresseLivraison, when known. */
  adresseCompatible?: boolean | null
  /** The slot codes (periodesLivraison), when known: a slot must be one of them. */
  creneaux?: readonly string[] | null
}

// Not worded by the spec: the form only offers known codes, so these come from a forged or
// outdated line, and the 409 must still say which field.
export const CRENEAU_INCONNU = 'Créneau de livraison inconnu'

export interface OrderLineError {
  field: string
  message: string
}

function checkAddress(line: CartLine, ctx: OrderLineContext): string | null {
  const num = text(line.numAdresse)
  if (!num) return MESSAGES.adresseRequise
  if (Array.isArray(ctx.adresses) && !ctx.adresses.some((a) => a && text(a.numAdr) === num && a.etat !== 'S'))
    return MESSAGES.adresseRequise
  if (ctx.adresseCompatible === false) return MESSAGES.adresseIncompatible
  return null
}

/** The line's quantity bounds: its article's constraints, and a simple feed's defaults. */
export const orderLineQuantityBounds = (line: CartLine, ctx: OrderLineContext) =>
  lineQuantityBounds(ctx.contraintesArticle, {
    alimentSimple: ctx.alimentSimple === true,
    avecContrat: text(line.numContrat) !== '',
    params: ctx.params ?? DEFAULT_ORDER_PARAMETERS,
  })

/** Every error of the line, field by field, with the spec's messages; [] when it is valid. */
export function validateOrderLine(input: Partial<CartLine>, ctx: OrderLineContext): OrderLineError[] {
  // A half-filled form, or (cast) a forged row: every rule reads its fields through text()/num()
  // and the checks below, so a field of another type reads as wrong or missing, never throws.
  const line: CartLine = input !== null && typeof input === 'object' ? { idLigne: '', ...input } : { idLigne: '' }
  const params = ctx.params ?? DEFAULT_ORDER_PARAMETERS
  const errors: OrderLineError[] = []
  const add = (field: string, message: string | null) => {
    if (message) errors.push({ field, message })
  }
  add('numArticle', text(line.numArticle) ? null : MESSAGES.requis)
  add('quantiteCommande', validateQuantity(line.quantiteCommande, orderLineQuantityBounds(line, ctx)))
  add('codeModeCamion', validateTruckMode(line.codeModeCamion, line.quantiteCommande, ctx.modesCamion, params))
  add('numAdresse', checkAddress(line, ctx))
  add('numBatiment', validateBuilding(line.numBatiment))
  const dates = validateDeliveryWindow(line.datePrevueLivraison, line.finDatePrevueLivraison, {
    now: ctx.now,
    params,
    sessionStart: ctx.sessionStart ?? null,
    contraintesLivraison: ctx.contraintesLivraison ?? null,
    codeFamilleArticle: typeof line.codeFamilleArticle === 'string' ? line.codeFamilleArticle : null,
    codeModeCamion: typeof line.codeModeCamion === 'string' ? line.codeModeCamion : null,
    modesCamion: ctx.modesCamion ?? null,
  })
  add('datePrevueLivraison', dates.datePrevueLivraison)
  add('finDatePrevueLivraison', dates.finDatePrevueLivraison)
  const others = Array.isArray(ctx.otherLines) ? ctx.otherLines : []
  const slots = validateSlots(line, others)
  const knownSlot = (code: Code) => !Array.isArray(ctx.creneaux) || !text(code) || ctx.creneaux.includes(text(code))
  add('matinApmidi', knownSlot(line.matinApmidi) ? slots.matinApmidi : CRENEAU_INCONNU)
  add('finMatinApmidi', knownSlot(line.finMatinApmidi) ? slots.finMatinApmidi : CRENEAU_INCONNU)
  // "Valid only if among the building's silo types (or the defaults)": with no building too.
  const places = validateStoragePlaces(line, allowedSiloTypes(ctx.batiment, params.typesSiloDefault))
  for (const [field, message] of Object.entries(places)) add(field, message)
  add('supplementations', validateSupplementations(line.supplementations))
  const minerals = validateMineraux(line.mineraux, mineralMax(ctx.contraintesArticle, params.quantiteMaxMineral))
  for (const [numArticle, message] of Object.entries(minerals)) add(`mineraux.${numArticle}`, message)
  return errors
}
