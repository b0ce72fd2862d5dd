// From duplicated history lines to cart lines (ordering-area §5 "Quick-add"): the dates, slots
// and places typed once in the dialog, everything else from the delivered line. The checks are
// src/domain's; this only assembles their inputs.
import type { DateTime } from 'luxon'
import { MODE_CAMION_DEFAUT, UNITE_DEFAUT } from '../../../domain/constants'
import { validateDeliveryWindow, type DeliveryWindowContext } from '../../../domain/delivery-window'
import type { OrderParameters } from '../../../domain/order-parameters'
import { validateSlots } from '../../../domain/slots'
import { sanitizePlaces, validateStoragePlaces, type StoragePlaces } from '../../../domain/storage-places'
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
