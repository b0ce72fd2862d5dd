// The cart's 'Etape suivante' checks (cart-orders-admin §4 "Cart flow", §5): dates still valid,
// then storage places across lines (error > warning > empty places).
//
// Choice: two lines meet at a storage place when their places are the same silos (the same
// delivery address, storage-places.ts storageSite: the rule the mixing at unloading follows too),
// their delivery windows overlap, and they share at least one place. "Same dates" is read as
// "overlapping windows": a silo cannot take two feeds on a day both trucks may come.
import type { DateTime } from 'luxon'
import { firstAllowedDayFor, horizonDayNumber } from './calendar'
import { MESSAGES } from './constants'
import { validateDeliveryWindow } from './delivery-window'
import { DEFAULT_ORDER_PARAMETERS, truckModeLimits, type OrderParameters } from './order-parameters'
import { differentSpecies } from './species'
import { PLACE_FIELDS, placeKey, storagePlaces, storageSite, type PlaceField } from './storage-places'
import type { CartLine, ContraintesLivraison, ModeCamion } from './types'
import { text } from './text'

const window = (l: CartLine): [string, string] => {
  const start = text(l.datePrevueLivraison)
  return [start, text(l.finDatePrevueLivraison) || start]
}

/** Same storage site (address) and overlapping delivery windows (ISO dates compare as text). */
function overlapping(a: CartLine, b: CartLine): boolean {
  const [s1, e1] = window(a)
  const [s2, e2] = window(b)
  return Boolean(s1 && s2) && storageSite(a) === storageSite(b) && s1 <= e2 && s2 <= e1
}

/**
 * The warning under each place of a line being made (the order-line form, the quick-add) that
 * another cart line already plans at the same site on overlapping dates.
 */
export function placeOverlapWarnings(line: CartLine, others: readonly CartLine[]): Record<PlaceField, string | null> {
  const result: Record<PlaceField, string | null> = { codeTypeSilo1: null, codeTypeSilo2: null, codeTypeSilo3: null }
  const meeting = others.filter((o) => o && o.idLigne !== line.idLigne && overlapping(line, o))
  const taken = new Set(meeting.flatMap((o) => storagePlaces(o).map(placeKey)))
  for (const f of PLACE_FIELDS)
    if (text(line[f]) && taken.has(placeKey(text(line[f])))) result[f] = MESSAGES.lieuDejaPrevu
  return result
}

interface StorageIssue {
  idLigne: string
  message: string
  /** The other lines involved. */
  avec: string[]
}

type StorageDecision = 'erreur' | 'avertissement' | 'lieuxVides' | 'ok'

export interface StorageCheck {
  decision: StorageDecision
  erreurs: StorageIssue[]
  avertissements: StorageIssue[]
  lieuxVides: StorageIssue[]
}

/** Storage-place validation of the whole cart, with the spec's priority. */
export function checkCartStoragePlaces(lines: readonly CartLine[]): StorageCheck {
  const erreurs: StorageIssue[] = []
  const avertissements: StorageIssue[] = []
  const lieuxVides: StorageIssue[] = []
  // Each line's site, window and place keys once; then only lines of the same site meet.
  const facts = lines.map((line) => ({
    line,
    win: window(line),
    site: storageSite(line),
    places: storagePlaces(line).map(placeKey),
  }))
  const bySite = new Map<string, typeof facts>()
  for (const f of facts) {
    const same = bySite.get(f.site)
    if (same) same.push(f)
    else bySite.set(f.site, [f])
  }
  for (const f of facts) {
    const { line } = f
    if (f.places.length === 0) {
      lieuxVides.push({ idLigne: line.idLigne, message: MESSAGES.auMoinsUnLieu, avec: [] })
      continue
    }
    const [s1, e1] = f.win
    const others = (bySite.get(f.site) ?? [])
      .filter(
        (o) =>
          o !== f &&
          o.line.idLigne !== line.idLigne &&
          s1 !== '' &&
          o.win[0] !== '' &&
          s1 <= o.win[1] &&
          o.win[0] <= e1 &&
          o.places.some((p) => f.places.includes(p)),
      )
      .map((o) => o.line)
    const other = others.filter((o) => differentSpecies(line, o))
    const same = others.filter((o) => !differentSpecies(line, o))
    if (other.length)
      erreurs.push({ idLigne: line.idLigne, message: MESSAGES.autreEspece, avec: other.map((o) => o.idLigne) })
    else if (same.length)
      avertissements.push({ idLigne: line.idLigne, message: MESSAGES.memeEspece, avec: same.map((o) => o.idLigne) })
  }
  const decision: StorageDecision = erreurs.length
    ? 'erreur'
    : avertissements.length
      ? 'avertissement'
      : lieuxVides.length
        ? 'lieuxVides'
        : 'ok'
  return { decision, erreurs, avertissements, lieuxVides }
}

export interface CartDatesContext {
  now: DateTime
  params?: OrderParameters
  sessionStart?: DateTime | null
  modesCamion?: readonly ModeCamion[] | null
  /** The delivery constraints of a line's article and address, when known. */
  contraintesLivraison?: (line: CartLine) => ContraintesLivraison | null | undefined
}

/**
 * Lines whose dates no longer pass the delivery rules ('Délai de livraison trop court'): a cart
 * kept overnight goes stale. The first allowed date is computed once per distinct delay.
 */
export function linesWithInvalidDates(lines: readonly CartLine[], ctx: CartDatesContext): string[] {
  const params = ctx.params ?? DEFAULT_ORDER_PARAMETERS
  const horizonDay = horizonDayNumber(ctx.now, params)
  const firsts = new Map<string, number>()
  return lines
    .filter((line) => {
      const contraintesLivraison = ctx.contraintesLivraison?.(line) ?? null
      const key = `${contraintesLivraison?.delaisMinJoursOuvres ?? ''}|${truckModeLimits(line.codeModeCamion, ctx.modesCamion, params).delaiHeures ?? ''}`
      let first = firsts.get(key)
      if (first === undefined) {
        first = firstAllowedDayFor({
          now: ctx.now,
          params,
          sessionStart: ctx.sessionStart,
          contraintesLivraison,
          codeModeCamion: line.codeModeCamion,
          modesCamion: ctx.modesCamion,
        })
        firsts.set(key, first)
      }
      const errors = validateDeliveryWindow(line.datePrevueLivraison, line.finDatePrevueLivraison, {
        now: ctx.now,
        params,
        contraintesLivraison,
        codeFamilleArticle: line.codeFamilleArticle,
        codeModeCamion: line.codeModeCamion,
        modesCamion: ctx.modesCamion,
        firstAllowedDay: first,
        horizonDay,
      })
      return errors.datePrevueLivraison !== null || errors.finDatePrevueLivraison !== null
    })
    .map((l) => l.idLigne)
}

/** Sets datesInvalides on each line (true or false). */
export function markInvalidDates<L extends CartLine>(lines: readonly L[], ctx: CartDatesContext): L[] {
  const invalid = new Set(linesWithInvalidDates(lines, ctx))
  return lines.map((l) => ({ ...l, datesInvalides: invalid.has(l.idLigne) }))
}

export type NextStep =
  | { kind: 'dates'; idLignes: string[] }
  | { kind: 'erreur' | 'avertissement' | 'lieuxVides'; check: StorageCheck }
  | { kind: 'paiement' }

/**
 * 'Etape suivante': invalid dates open the dates dialog; then storage places. `confirmed` is
 * the answer Oui to the warning dialog, which forces the move on.
 */
export function nextStep(lines: readonly CartLine[], ctx: CartDatesContext, confirmed = false): NextStep {
  const idLignes = linesWithInvalidDates(lines, ctx)
  if (idLignes.length) return { kind: 'dates', idLignes }
  const check = checkCartStoragePlaces(lines)
  if (check.decision === 'ok') return { kind: 'paiement' }
  // Oui to the warning moves on past the warning only: a line without a place still stops.
  if (check.decision === 'avertissement' && confirmed)
    return check.lieuxVides.length ? { kind: 'lieuxVides', check } : { kind: 'paiement' }
  return { kind: check.decision, check }
}
