// Administration forms (cart-orders-admin §2 screens 1-5, §3 "Parameter", §5 "Administration forms").
import { RECHERCHE_MIN_CARACTERES } from '../contract/limits'
import { DateTime } from 'luxon'
import { toDay, toIsoDate, ZONE } from './calendar'
import { MESSAGES } from './constants'
import { DURATION_FORMATS, isWithinTimeBounds, parseIsoDuration } from './durations'
import type { Code, CodeLibelle } from './types'

/** A parameter's value as the form or the wire holds it: text, or a number for the numeric ones. */
export type ParameterValue = string | number | null | undefined

/** Member or article search: optional; if filled, at least 3 characters. */
export function validateSearch(q: string | null | undefined): string | null {
  const text = typeof q === 'string' ? q.trim() : ''
  return text.length === 0 || text.length >= RECHERCHE_MIN_CARACTERES ? null : MESSAGES.rechercheMin
}

/** The search only starts from 3 characters. */
export const shouldSearch = (q: string | null | undefined): boolean =>
  typeof q === 'string' && q.trim().length >= RECHERCHE_MIN_CARACTERES

export const NUMERIC_CATEGORIES: readonly string[] = [
  'MODE_CAMION_QTE',
  'MODE_CAMION_DELAI_LIVR',
  'COMMANDE_QTE',
  'PARAMS_APPLI',
]

/** A parameter's value before saving; null when valid. Unknown parameters are not checked. */
export function validateParameter(categorie: Code, code: Code, value: ParameterValue): string | null {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (code === 'HEURE_PIVOT') {
    // Stored as HH:00:00; the form shows the hour alone.
    const m = /^(\d+)(?::00(?::00)?)?$/.exec(text)
    if (!m) return MESSAGES.valeurInvalide
    const hour = Number(m[1])
    return hour >= 0 && hour <= 23 ? null : MESSAGES.heurePivotBornes
  }
  if (typeof code === 'string' && Object.hasOwn(DURATION_FORMATS, code)) {
    const parts = parseIsoDuration(text)
    if (!parts) return MESSAGES.valeurInvalide
    // A time field (DELAIS_HEURE_PIVOT): hours 0 to 23, minutes 0 to 59, nothing else.
    return isWithinTimeBounds(parts, DURATION_FORMATS[code as keyof typeof DURATION_FORMATS])
      ? null
      : MESSAGES.valeurInvalide
  }
  // Tonnages, delays, the mineral maximum, the holiday alert's days: integers (cart-orders-admin
  // §3 "Parameter"); "2.5" or "2,5" is refused, never stored.
  if (typeof categorie === 'string' && NUMERIC_CATEGORIES.includes(categorie))
    return /^\d+$/.test(text) ? null : MESSAGES.valeurInvalide
  return null
}

export interface MessageBandeau {
  id: number
  texte?: string | null
  dateDebut?: string | null
  dateFin?: string | null
}

export interface BannerErrors {
  texte: string | null
  dateDebut: string | null
  dateFin: string | null
}

/**
 * Not in the spec's texts: it only says selectable dates cannot be in the past (§5). This is what
 * the form and the server say when a typed or sent date is before today anyway.
 */
export const DATE_BANDEAU_PASSEE = 'La date ne peut pas être antérieure à aujourd’hui'

/** Today, and the saved message being edited: a date it keeps as it was is never refused. */
export interface BannerContext {
  now: DateTime
  original?: MessageBandeau | null
}

const isoOrNull = (input: string | null | undefined): string | null => {
  const d = toDay(input)
  return d ? toIsoDate(d) : null
}

/**
 * texte, dateDebut, dateFin required; the end on or after the start. With a context, a date
 * before today is refused too, unless it is the saved message's own date left unchanged.
 */
export function validateBannerMessage(
  m: Partial<MessageBandeau> | null | undefined,
  ctx?: BannerContext,
): BannerErrors {
  const msg = (m && typeof m === 'object' ? m : {}) as MessageBandeau
  const texte = typeof msg.texte === 'string' && msg.texte.trim() ? null : MESSAGES.valeurRequise
  const debut = toDay(msg.dateDebut)
  const fin = toDay(msg.dateFin)
  const errors: BannerErrors = {
    texte,
    dateDebut: debut ? null : MESSAGES.valeurRequise,
    dateFin: !fin ? MESSAGES.valeurRequise : debut && fin < debut ? MESSAGES.dateFinBandeau : null,
  }
  if (!ctx?.now || !DateTime.isDateTime(ctx.now) || !ctx.now.isValid) return errors
  const today = toIsoDate(ctx.now.setZone(ZONE))
  const original = ctx.original && typeof ctx.original === 'object' ? ctx.original : null
  const past = (d: DateTime | null, saved: string | null | undefined) =>
    d !== null && toIsoDate(d) < today && toIsoDate(d) !== isoOrNull(saved)
  return {
    texte,
    dateDebut: errors.dateDebut ?? (past(debut, original?.dateDebut) ? DATE_BANDEAU_PASSEE : null),
    dateFin: errors.dateFin ?? (past(fin, original?.dateFin) ? DATE_BANDEAU_PASSEE : null),
  }
}

/**
 * The first day each date input offers (§5: no past dates, no end before the start). A saved
 * start already past stays selectable, so editing a running message keeps its start.
 */
export function bannerDateMins(
  values: { dateDebut?: string | null },
  ctx: BannerContext,
): { dateDebut: string; dateFin: string } {
  const today = toIsoDate(ctx.now.setZone(ZONE))
  const saved = isoOrNull(ctx.original?.dateDebut)
  const debut = isoOrNull(values.dateDebut)
  return {
    dateDebut: saved && saved < today ? saved : today,
    dateFin: debut && debut > today ? debut : today,
  }
}

/** Copier: the text into a new message; its dates only when still selectable (today or later). */
export function copyBannerMessage(
  m: MessageBandeau,
  now: DateTime,
): { texte: string; dateDebut: string; dateFin: string } {
  const today = toIsoDate(now.setZone(ZONE))
  const keep = (input: string | null | undefined) => {
    const iso = isoOrNull(input)
    return iso && iso >= today ? iso : ''
  }
  return { texte: m?.texte ?? '', dateDebut: keep(m?.dateDebut), dateFin: keep(m?.dateFin) }
}

/** Current when the end date is empty, or today or later. */
function isCurrentMessage(m: MessageBandeau, now: DateTime): boolean {
  const fin = toDay(m?.dateFin)
  return !fin || toIsoDate(fin) >= toIsoDate(now.setZone(ZONE))
}

/** Current messages and the history; entries with id -1 are ignored. */
export function splitBannerMessages<M extends MessageBandeau>(
  messages: readonly M[],
  now: DateTime,
): { courants: M[]; historique: M[] } {
  const kept = messages.filter((m) => m && m.id !== -1)
  return {
    courants: kept.filter((m) => isCurrentMessage(m, now)),
    historique: kept.filter((m) => !isCurrentMessage(m, now)),
  }
}

/** The texts the header banner shows today: current and started. */
export function activeBannerTexts(messages: readonly MessageBandeau[], now: DateTime): string[] {
  const today = toIsoDate(now.setZone(ZONE))
  return splitBannerMessages(messages, now)
    .courants.filter((m) => {
      const d = toDay(m.dateDebut)
      return !d || toIsoDate(d) <= today
    })
    .map((m) => m.texte ?? '')
    .filter(Boolean)
}

/** Reference-value display: the label, or the spec's placeholder for an unknown value. */
export function referenceLabel(
  list: readonly CodeLibelle[] | null | undefined,
  code: Code,
  kind: 'type' | 'valeur' = 'valeur',
): string {
  const found = Array.isArray(list) ? list.find((x) => x && x.code === code) : undefined
  return found?.libelle ?? (kind === 'type' ? MESSAGES.typeNonReconnu : MESSAGES.valeurNonReconnue)
}
