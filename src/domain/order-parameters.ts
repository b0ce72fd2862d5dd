// The order parameters (ordering-area §3 and §9, cart-orders-admin §3 "Parameter") with the
// spec's defaults, and their reading from the admin's parameter rows. A missing or unreadable
// row falls back to the default: ordering must keep working with a half-configured back office.
import { DURATION_DEFAULTS, parseIsoDuration } from './durations'
import { QUANTITE_MAX_MINERAL_DEFAUT } from './constants'
import type { IsoDate, ModeCamion } from './types'

export interface TruckModeLimits {
  min: number | null
  max: number | null
  /** Minimum delivery delay in hours. */
  delaiHeures: number | null
}

export interface OrderParameters {
  /** Hour (0-23) after which next-day delivery is no longer possible. */
  heurePivot: number
  /** Extra time granted past the pivot to sessions started before it (ISO duration). */
  delaisHeurePivot: string
  /** Gap between the two dates beyond which a confirmation is asked (ISO, working days). */
  ecartDate: string
  /** Order horizon from today (ISO duration, calendar). */
  delaisMax: string
  /** A start earlier than this many working days from today asks for confirmation (ISO). */
  delaisAlerte: string
  /** The holiday banner shows public holidays within this many days. */
  delaiAlerteFeries: number
  /** Extra non-working days sent by the server (local holidays); national ones are computed. */
  joursFeries: readonly IsoDate[]
  modesCamion: Readonly<Record<string, TruckModeLimits>>
  quantiteMaxMineral: number
  /** Help defaults: simple feed max without / with a forward contract. */
  quantiteMaxAlimentSimple: number
  quantiteMaxAlimentSimpleContrat: number
  typesSiloDefault: readonly string[]
}

const DEFAULT_MODES_CAMION: Readonly<Record<string, TruckModeLimits>> = {
  VIS: { min: null, max: 27, delaiHeures: null },
  VISP: { min: null, max: 17, delaiHeures: null },
  PNEU: { min: null, max: 27, delaiHeures: null },
  PNEUP: { min: null, max: 17, delaiHeures: null },
  BENNE: { min: 25, max: 29, delaiHeures: 48 },
  FOND: { min: 25, max: 27, delaiHeures: 72 },
}

export const DEFAULT_ORDER_PARAMETERS: OrderParameters = {
  heurePivot: 10,
  delaisHeurePivot: DURATION_DEFAULTS.DELAIS_HEURE_PIVOT,
  ecartDate: DURATION_DEFAULTS.ECART_DATE,
  delaisMax: DURATION_DEFAULTS.DELAIS_MAX,
  delaisAlerte: DURATION_DEFAULTS.DELAIS_ALERTE,
  delaiAlerteFeries: 15,
  joursFeries: [],
  modesCamion: DEFAULT_MODES_CAMION,
  quantiteMaxMineral: QUANTITE_MAX_MINERAL_DEFAUT,
  quantiteMaxAlimentSimple: 15,
  quantiteMaxAlimentSimpleContrat: 29,
  typesSiloDefault: [],
}

/** HEURE_PIVOT is stored as 'HH:00:00'; an integer hour is accepted too. */
export function parseHeurePivot(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  const m = /^(\d{1,2})(?::\d{2}(?::\d{2})?)?$/.exec(text)
  if (!m) return null
  const h = Number(m[1])
  return h >= 0 && h <= 23 ? h : null
}

export const formatHeurePivot = (hour: number): string => `${String(hour).padStart(2, '0')}:00:00`

const wholeNumber = (v: unknown): number | null => {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null
}
const duration = (v: unknown, fallback: string) => (parseIsoDuration(v) ? String(v).trim() : fallback)

/**
 * Builds the parameters from the rows of GET /web/v1/parametres/DEFAULT and /CDEA. Rows are
 * matched on categorie and code; the key's prefix (SAS, CDE) does not matter here.
 */
export function orderParametersFromRows(
  rows: unknown,
  base: OrderParameters = DEFAULT_ORDER_PARAMETERS,
): OrderParameters {
  const p: OrderParameters = { ...base, modesCamion: { ...base.modesCamion } }
  if (!Array.isArray(rows)) return p
  const setTruck = (code: string, field: 'min' | 'max' | 'delaiHeures', n: number | null) => {
    if (n === null) return
    const current = p.modesCamion[code] ?? { min: null, max: null, delaiHeures: null }
    p.modesCamion = { ...p.modesCamion, [code]: { ...current, [field]: n } }
  }
  for (const row of rows as unknown[]) {
    if (!row || typeof row !== 'object') continue
    const { categorie, code, value } = row as Record<string, unknown>
    if (typeof categorie !== 'string' || typeof code !== 'string') continue
    const key = `${categorie}-${code}`
    if (key === 'HORAIRE_COMMANDE-HEURE_PIVOT') p.heurePivot = parseHeurePivot(value) ?? p.heurePivot
    else if (key === 'HORAIRE_COMMANDE-DELAIS_HEURE_PIVOT') p.delaisHeurePivot = duration(value, p.delaisHeurePivot)
    else if (key === 'DELAIS_COMMANDE-ECART_DATE') p.ecartDate = duration(value, p.ecartDate)
    else if (key === 'DELAIS_COMMANDE-DELAIS_MAX') p.delaisMax = duration(value, p.delaisMax)
    else if (key === 'DELAIS_COMMANDE-DELAIS_ALERTE') p.delaisAlerte = duration(value, p.delaisAlerte)
    else if (key === 'COMMANDE_QTE-QTE_MAX_MINERAL') p.quantiteMaxMineral = wholeNumber(value) ?? p.quantiteMaxMineral
    else if (key === 'PARAMS_APPLI-DELAI_ALERTE_FERIES') p.delaiAlerteFeries = wholeNumber(value) ?? p.delaiAlerteFeries
    else if (categorie === 'MODE_CAMION_QTE') {
      const m = /^(.+)_(MIN|MAX)$/.exec(code)
      if (m) setTruck(m[1] as string, m[2] === 'MIN' ? 'min' : 'max', wholeNumber(value))
    } else if (categorie === 'MODE_CAMION_DELAI_LIVR') setTruck(code, 'delaiHeures', wholeNumber(value))
  }
  return p
}

/** Truck modes of the reference data, with the parameters' limits where the mode gives none. */
export function withTruckLimits(
  modes: readonly ModeCamion[],
  params: OrderParameters = DEFAULT_ORDER_PARAMETERS,
): ModeCamion[] {
  return modes.map((m) => {
    const limits = params.modesCamion[m.code]
    return {
      ...m,
      minQuantite: m.minQuantite ?? limits?.min ?? null,
      maxQuantite: m.maxQuantite ?? limits?.max ?? null,
      delaiMinLivraison: m.delaiMinLivraison ?? limits?.delaiHeures ?? null,
    }
  })
}

/** Limits of a truck mode code: the reference data's mode first, then the parameters. */
export function truckModeLimits(
  code: string | null | undefined,
  modes: readonly ModeCamion[] | null | undefined,
  params: OrderParameters = DEFAULT_ORDER_PARAMETERS,
): TruckModeLimits {
  const c = typeof code === 'string' && code ? code : 'VIS'
  const mode = Array.isArray(modes) ? modes.find((m) => m && m.code === c) : undefined
  const fallback = params.modesCamion[c]
  return {
    min: mode?.minQuantite ?? fallback?.min ?? null,
    max: mode?.maxQuantite ?? fallback?.max ?? null,
    delaiHeures: mode?.delaiMinLivraison ?? fallback?.delaiHeures ?? null,
  }
}
