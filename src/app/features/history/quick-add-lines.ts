// From duplicated history lines to cart lines (ordering-area §5 "Quick-add"): the dates, slots
// and places typed once in the dialog, everything else from the delivered line. The checks are
// src/domain's; this only assembles their inputs.
import type { DateTime } from 'luxon'
import type { Batiment } from '../../../contract/exploitations'
import type { LigneLivraison } from '../../../contract/livraisons'
import { splitOrderable } from '../../../domain/articles'
import { placeOverlapWarnings } from '../../../domain/cart-checks'
import { MODE_CAMION_DEFAUT, UNITE_DEFAUT } from '../../../domain/constants'
import { validateDeliveryWindow, type DeliveryWindowContext } from '../../../domain/delivery-window'
import type { OrderParameters } from '../../../domain/order-parameters'
import { validateSlots } from '../../../domain/slots'
import {
  ownBuilding,
  PLACE_FIELDS,
  placeKey,
  sanitizePlaces,
  validateStoragePlaces,
  type PlaceField,
  type StoragePlaces,
} from '../../../domain/storage-places'
import { text } from '../../../domain/text'
import type { CartLine, ContraintesLivraison } from '../../../domain/types'

export interface DuplicableLine {
  key: string
  numArticle: string
  libelleArticle: string
  codeTypeArticle: string | null
  codeFamilleArticle: string | null
  numAdresse: number | null
  numExploitation: number | null
  numBatiment: number | null
  numLot: string | null
  quantiteLivree: number
  artCommandable: boolean
  contraintes: ContraintesLivraison | null
}

/**
 * A delivered line as the quick-add copies it. Its building is copied only while it is still one
 * of the customer's (ordering-area §5 "Invalid building or storage values are dropped"): the
 * server would refuse the line with a building the customer no longer has.
 */
export const toDuplicable = (l: LigneLivraison, batiments: readonly Batiment[]): DuplicableLine => ({
  key: `${l.numLivraison}-${l.numLigne}`,
  numArticle: l.numArticle,
  libelleArticle: l.libelleArticle,
  codeTypeArticle: l.codeTypeArticle ?? null,
  codeFamilleArticle: l.codeFamilleArticle ?? null,
  numAdresse: l.numAdresse ?? null,
  numExploitation: l.numExploitation ?? null,
  numBatiment: ownBuilding(batiments, l.numBatiment) ? l.numBatiment : null,
  numLot: l.numLot ?? null,
  quantiteLivree: l.quantiteLivree,
  artCommandable: l.artCommandable === true,
  contraintes: l.contraintesLivraison ?? null,
})

export interface QuickAddValues extends StoragePlaces {
  datePrevueLivraison: string
  finDatePrevueLivraison: string
  matinApmidi: string
  finMatinApmidi: string
}

export type QuickAddErrors = Partial<Record<keyof QuickAddValues, string>>

/** sessionStart: the login time, which moves the pivot hour (ordering-area §4), as in the form and on the server. */
export const windowContext = (
  line: DuplicableLine,
  now: DateTime,
  params: OrderParameters | undefined,
  sessionStart: DateTime | null,
): DeliveryWindowContext => ({
  now,
  params,
  sessionStart,
  contraintesLivraison: line.contraintes,
  codeFamilleArticle: line.codeFamilleArticle,
})

/** Each field's first error over all lines (a date valid for one article may not be for another). */
export function validateQuickAdd(
  values: QuickAddValues,
  lines: readonly DuplicableLine[],
  cart: readonly CartLine[],
  now: DateTime,
  params: OrderParameters | undefined,
  sessionStart: DateTime | null,
): QuickAddErrors {
  const errors: QuickAddErrors = {}
  const put = (field: keyof QuickAddValues, msg: string | null) => {
    if (msg && !errors[field]) errors[field] = msg
  }
  for (const line of lines) {
    const w = validateDeliveryWindow(
      values.datePrevueLivraison,
      values.finDatePrevueLivraison,
      windowContext(line, now, params, sessionStart),
    )
    put('datePrevueLivraison', w.datePrevueLivraison)
    put('finDatePrevueLivraison', w.finDatePrevueLivraison)
  }
  const s = validateSlots({ idLigne: '', ...values }, cart)
  put('matinApmidi', s.matinApmidi)
  put('finMatinApmidi', s.finMatinApmidi)
  const p = validateStoragePlaces(values)
  put('codeTypeSilo1', p.codeTypeSilo1)
  return errors
}

/** The cart line of a duplicated delivery line; places not allowed for its building are dropped. */
export function toCartLine(
  line: DuplicableLine,
  values: QuickAddValues,
  allowedPlaces: readonly string[],
): Omit<CartLine, 'idLigne'> {
  return {
    numArticle: line.numArticle,
    libelleArticle: line.libelleArticle,
    codeTypeArticle: line.codeTypeArticle,
    codeFamilleArticle: line.codeFamilleArticle,
    codeUniteArticle: UNITE_DEFAUT,
    numAdresse: line.numAdresse,
    numExploitation: line.numExploitation === null ? null : String(line.numExploitation),
    numBatiment: line.numBatiment,
    numLot: line.numLot,
    datePrevueLivraison: values.datePrevueLivraison,
    finDatePrevueLivraison: values.finDatePrevueLivraison,
    matinApmidi: values.matinApmidi,
    finMatinApmidi: values.finMatinApmidi,
    codeModeCamion: MODE_CAMION_DEFAUT,
    quantiteCommande: line.quantiteLivree,
    ...sanitizePlaces(values, allowedPlaces),
  }
}

/**
 * Per place typed in the dialog, the order-line form's warning (src/domain placeOverlapWarnings,
 * the same rule): another line — of the cart, or another line being added with it — already plans
 * that place at the same address on overlapping dates. Only the lines that will be added count
 * (orderable ones, with the places their building allows). A warning, never a refusal.
 */
export function quickAddPlaceWarnings(
  values: QuickAddValues,
  lines: readonly DuplicableLine[],
  cart: readonly CartLine[],
  allowedPlaces: (line: DuplicableLine) => readonly string[],
): Record<PlaceField, string | null> {
  const result: Record<PlaceField, string | null> = { codeTypeSilo1: null, codeTypeSilo2: null, codeTypeSilo3: null }
  const added = splitOrderable(lines).ajoutees.map((l, i): CartLine => ({
    idLigne: `ajout-${i}`,
    ...toCartLine(l, values, allowedPlaces(l)),
  }))
  for (const line of added) {
    const warnings = placeOverlapWarnings(line, [...cart, ...added])
    for (const f of PLACE_FIELDS) {
      const typed = text(values[f])
      if (!typed || result[f]) continue
      // The line's places may have moved up a field (a place its building does not allow is dropped).
      const at = PLACE_FIELDS.find((g) => text(line[g]) && placeKey(text(line[g])) === placeKey(typed))
      if (at && warnings[at]) result[f] = warnings[at]
    }
  }
  return result
}
