// Storage places of a line (codeTypeSilo1..3): ordering-area §2 and §5. A place is a silo-type
// code, or '997:' followed by the farmer's own words for "Autre".
import {
  AUTRE_LIEU_MAX,
  AUTRE_LIEU_MIN,
  CODE_AUTRE_LIEU,
  MAX_LIEUX_STOCKAGE,
  MESSAGES,
  PREFIXE_AUTRE_LIEU,
} from './constants'
import type { Batiment, CartLine, Code } from './types'
import { text } from './text'

export const PLACE_FIELDS = ['codeTypeSilo1', 'codeTypeSilo2', 'codeTypeSilo3'] as const
export type PlaceField = (typeof PLACE_FIELDS)[number]
export type StoragePlaces = Record<PlaceField, string | null>
type PlaceLine = Partial<Pick<CartLine, PlaceField>>

export const isAutreLieu = (code: Code): boolean =>
  text(code) === CODE_AUTRE_LIEU || text(code).startsWith(PREFIXE_AUTRE_LIEU)
export const autreLieuTexte = (code: Code): string =>
  text(code).startsWith(PREFIXE_AUTRE_LIEU) ? text(code).slice(4).trim() : ''
export const encodeAutreLieu = (texte: string): string => `${PREFIXE_AUTRE_LIEU}${texte.trim()}`

/** The filled places, in order. */
export function storagePlaces(line: PlaceLine | null | undefined): string[] {
  if (!line) return []
  return PLACE_FIELDS.map((f) => text(line[f])).filter(Boolean)
}

/** How many place fields the form shows: the 2nd once the 1st is filled, the 3rd once the 2nd is. */
export function visiblePlaceCount(line: PlaceLine): number {
  let n = 1
  while (n < MAX_LIEUX_STOCKAGE && text(line[PLACE_FIELDS[n - 1] as PlaceField])) n++
  return n
}

/** Choosing a building clears the places. */
export const emptyPlaces = (): StoragePlaces => ({ codeTypeSilo1: null, codeTypeSilo2: null, codeTypeSilo3: null })

const codesOf = (batiment: Batiment | null | undefined): string[] =>
  (Array.isArray(batiment?.typesSilo) ? batiment.typesSilo : [])
    .map((t) => (typeof t === 'string' ? t : t && typeof t === 'object' ? t.code : ''))
    .filter((c): c is string => typeof c === 'string' && c !== '')

/**
 * The customer's building of that number, or null: a copied line (quick-add) keeps its delivery's
 * building only while the customer still has it, else the server would refuse the line.
 */
export function ownBuilding<B extends Batiment>(
  batiments: readonly B[] | null | undefined,
  numBatiment: string | number | null | undefined,
): B | null {
  const wanted = typeof numBatiment === 'number' || typeof numBatiment === 'string' ? String(numBatiment).trim() : ''
  if (!wanted || !Array.isArray(batiments)) return null
  return batiments.find((b) => b && String(b.numBatiment) === wanted) ?? null
}

/**
 * The codes a place may take: the building's silo types, the default silo types ("Afficher
 * plus") and 997 (Autre). The building's come first, as the form lists them first.
 */
export function allowedSiloTypes(
  batiment: Batiment | null | undefined,
  typesSiloDefault: readonly string[] = [],
): string[] {
  return [
    ...new Set([...codesOf(batiment), ...(Array.isArray(typesSiloDefault) ? typesSiloDefault : []), CODE_AUTRE_LIEU]),
  ]
}

const isAllowed = (code: string, allowed: readonly string[]) =>
  isAutreLieu(code) ? allowed.includes(CODE_AUTRE_LIEU) : allowed.includes(code)

/** Drops places that are not allowed (quick-add, a changed building) and closes the gaps. */
export function sanitizePlaces(line: PlaceLine, allowed: readonly string[]): StoragePlaces {
  const kept = storagePlaces(line).filter((c) => isAllowed(c, allowed))
  return { codeTypeSilo1: kept[0] ?? null, codeTypeSilo2: kept[1] ?? null, codeTypeSilo3: kept[2] ?? null }
}

// Not worded by the spec: it only says such places are dropped; a forged line must still be refused.
const LIEU_NON_RECONNU = 'Lieu de stockage non reconnu'

/** The first place required; Autre with 3 to 20 characters; each place allowed for the building. */
export function validateStoragePlaces(
  line: PlaceLine,
  allowed?: readonly string[] | null,
): Record<PlaceField, string | null> {
  // A forged row may be anything: read as an empty line, never a throw.
  const l: PlaceLine = line && typeof line === 'object' ? line : {}
  const errors: Record<PlaceField, string | null> = { codeTypeSilo1: null, codeTypeSilo2: null, codeTypeSilo3: null }
  if (!text(l.codeTypeSilo1)) errors.codeTypeSilo1 = MESSAGES.lieuRequis
  for (const field of PLACE_FIELDS) {
    const code = text(l[field])
    if (!code) continue
    if (isAutreLieu(code)) {
      const n = autreLieuTexte(code).length
      if (n < AUTRE_LIEU_MIN || n > AUTRE_LIEU_MAX) errors[field] = MESSAGES.autreLieuLongueur
    } else if (Array.isArray(allowed) && !allowed.includes(code)) errors[field] = LIEU_NON_RECONNU
  }
  return errors
}

/**
 * Where a line's storage places are: its delivery address. A place is a kind of silo (a silo-type
 * code, or the farmer's words for "Autre"), and every farm has its own "Silo 1": two lines' places
 * are the same silos only when both lines go to the same address. The one rule behind every
 * comparison of places across lines — the order-line form's and the quick-add's warning, the
 * cart's check, the mixing at unloading, and the server's refusal — so they never disagree.
 */
export const storageSite = (line: { numAdresse?: unknown } | null | undefined): string => text(line?.numAdresse)

/** A place compared across lines: codes as they are, Autre by its text, case and spaces ignored. */
export const placeKey = (code: string): string =>
  isAutreLieu(code) ? `${PREFIXE_AUTRE_LIEU}${autreLieuTexte(code).toLowerCase().replace(/\s+/g, ' ')}` : code
