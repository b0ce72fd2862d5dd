// The cart screen's rules (cart-orders-admin §2, §4, §5): groups and their titles, the mixing
// flag, the total weight, truck-capacity warnings and the confirm button.
import { CAMIONS_SOUFFLEURS, CAPACITE_CAMION, CAPACITE_PETIT_CAMION, PETITS_CAMIONS } from './constants'
import { byCharacters } from './compare'
import { formatDate, formatTonnes } from './format'
import { avecUnite } from './typography'
import { canConfirmOrder as hasWriteRole } from './roles'
import { placeKey, PLACE_FIELDS, storageSite } from './storage-places'
import { roundTonnes } from './tonnes'
import type { CartLine } from './types'
import { text } from './text'

export interface CartGroup<L extends CartLine = CartLine> {
  key: string
  numAdresse: string
  datePrevueLivraison: string
  titre: string
  lignes: L[]
}

/** 'Livraison du X au Y' when every line of the group ends the same day, else 'Livraison à partir du X'. */
function groupTitle(lignes: readonly CartLine[]): string {
  const start = formatDate(lignes[0]?.datePrevueLivraison ?? null)
  const ends = new Set(lignes.map((l) => text(l.finDatePrevueLivraison)))
  const [end] = [...ends]
  return ends.size === 1 && end ? `Livraison du ${start} au ${formatDate(end)}` : `Livraison à partir du ${start}`
}

/** Lines grouped by delivery address and start date, by date then address. */
export function groupCartLines<L extends CartLine>(lines: readonly L[]): CartGroup<L>[] {
  const groups = new Map<string, CartGroup<L>>()
  for (const line of lines) {
    const numAdresse = text(line.numAdresse)
    const date = text(line.datePrevueLivraison)
    const key = `${numAdresse}|${date}`
    let g = groups.get(key)
    if (!g) groups.set(key, (g = { key, numAdresse, datePrevueLivraison: date, titre: '', lignes: [] }))
    g.lignes.push(line)
  }
  const list = [...groups.values()]
  list.forEach((g) => (g.titre = groupTitle(g.lignes)))
  return list.sort(
    (a, b) => byCharacters(a.datePrevueLivraison, b.datePrevueLivraison) || byCharacters(a.numAdresse, b.numAdresse),
  )
}

/**
 * Lines mixed together on unloading share the delivery date and storage places 1 to 3
 * (cart-orders-admin §2, §4), places being the same silos only at the same address (storageSite,
 * the rule of the storage-place checks too): the key is the site, the date and the places.
 */
export function mixingKey(line: CartLine): string | null {
  const places = PLACE_FIELDS.map((f) => placeKey(text(line[f])))
  if (places.every((p) => !p) || !text(line.datePrevueLivraison)) return null
  return [storageSite(line), text(line.datePrevueLivraison), ...places].join('|')
}

/** The 'Mélanger au déchargement' checkbox shows when more than one line shares the key. */
export function showsMixing(line: CartLine, lines: readonly CartLine[]): boolean {
  const key = mixingKey(line)
  return key !== null && lines.filter((l) => mixingKey(l) === key).length > 1
}

/** Toggling mixing sets it on every line sharing the date and places. */
export function setMixing<L extends CartLine>(lines: readonly L[], idLigne: string, value: boolean): L[] {
  const key = mixingKey(lines.find((l) => l.idLigne === idLigne) ?? { idLigne })
  return lines.map((l) => (key !== null && mixingKey(l) === key ? { ...l, melangeDechargement: value } : l))
}

/** Editing a line clears mixing on it and on the lines that shared its dates and places (before or after). */
export function replaceEditedLine<L extends CartLine>(lines: readonly L[], edited: L): L[] {
  const before = lines.find((l) => l.idLigne === edited.idLigne)
  const keys = new Set([before && mixingKey(before), mixingKey(edited)].filter((k): k is string => Boolean(k)))
  return lines.map((l) => {
    const line = l.idLigne === edited.idLigne ? edited : l
    const key = mixingKey(line)
    return line === edited || (key !== null && keys.has(key)) ? { ...line, melangeDechargement: false } : line
  })
}

const tonnes = (l: CartLine) =>
  typeof l.quantiteCommande === 'number' && Number.isFinite(l.quantiteCommande) ? l.quantiteCommande : 0

/** Total weight in tonnes (3 decimals). */
export const totalWeight = (lines: readonly CartLine[]): number =>
  roundTonnes(lines.reduce((sum, l) => sum + tonnes(l), 0))

// The spec says what the warnings say, not their words: these sentences are ours.
const avertissementPetitCamion = (total: number) =>
  `Le poids total de ${formatTonnes(total)} dépasse la capacité d'un petit camion (${avecUnite(String(CAPACITE_PETIT_CAMION), 't')})`
const avertissementCamion = (total: number) =>
  `Le poids total de ${formatTonnes(total)} dépasse la capacité d'un camion (${avecUnite(String(CAPACITE_CAMION), 't')})`

/** Not blocking: VISP/PNEUP lines above 17 t, VIS/PNEU lines above 27 t, over the whole cart. */
export function capacityWarnings(lines: readonly CartLine[]): string[] {
  const sum = (codes: readonly string[]) =>
    totalWeight(lines.filter((l) => codes.includes(text(l.codeModeCamion) || 'VIS')))
  const warnings: string[] = []
  const small = sum(PETITS_CAMIONS)
  if (small > CAPACITE_PETIT_CAMION) warnings.push(avertissementPetitCamion(small))
  const blower = sum(CAMIONS_SOUFFLEURS)
  if (blower > CAPACITE_CAMION) warnings.push(avertissementCamion(blower))
  return warnings
}

/**
 * The predefined logistic comments the cart offers: those tied to no storage place, and those
 * tied to a place one of the lines uses (e.g. 'Déposer les sacs sous le hangar' for bags, 040).
 * Choice: the spec lists codeTypeSilo on each comment without saying how it is used.
 */
export function offeredPredefinedComments<C extends { codeTypeSilo?: string | null; libelle: string }>(
  comments: readonly C[],
  lines: readonly CartLine[],
): C[] {
  const used = new Set(lines.flatMap((l) => PLACE_FIELDS.map((f) => text(l[f]))).filter(Boolean))
  return comments.filter((c) => !text(c.codeTypeSilo) || used.has(text(c.codeTypeSilo)))
}

/** 'Confirmer la commande': a write role, every line's payment data loaded, a non-empty cart. */
export function canConfirm(input: {
  roles: readonly string[]
  lines: readonly CartLine[]
  paymentLoaded: (l: CartLine) => boolean
}): boolean {
  return hasWriteRole(input.roles) && input.lines.length > 0 && input.lines.every(input.paymentLoaded)
}
