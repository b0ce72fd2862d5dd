// Articles and history lines: what the feed list shows, what may be ordered, poultry, and the
// building field (ordering-area §2, §5, §9).
import { MESSAGES } from './constants'
import type { Adresse, Article, Code, CodeLibelle } from './types'
import { text } from './text'

/** Excluded from the feed list: sub-type SU and type GSU. */
export const isListedFeed = (a: Article): boolean => a.codeSousTypeArticle !== 'SU' && a.codeTypeArticle !== 'GSU'

/** Sub-type MI with category 47010 is not orderable; neither is an article flagged so. */
export const isOrderableArticle = (a: Article): boolean =>
  a.artCommandable !== false && !(a.codeSousTypeArticle === 'MI' && text(a.codeCategorie) === '47010')

/** Feed family code prefix 45 means poultry. */
export const isPoultryFamily = (codeFamille: Code): boolean => text(codeFamille).startsWith('45')

/** The feed list: listed feeds grouped by department label, in the departments' order. */
export function feedList(
  articles: readonly Article[],
  departements: readonly CodeLibelle[],
): { code: string; libelle: string; articles: Article[] }[] {
  const listed = articles.filter((a) => a && isListedFeed(a))
  const known = new Set(departements.map((d) => d.code))
  const groups = departements.map((d) => ({
    code: d.code,
    libelle: d.libelle,
    articles: listed.filter((a) => text(a.codeDepartement) === d.code),
  }))
  const orphans = listed.filter((a) => !known.has(text(a.codeDepartement)))
  if (orphans.length) groups.push({ code: '', libelle: MESSAGES.valeurNonReconnue, articles: orphans })
  return groups.filter((g) => g.articles.length > 0)
}

/** The building field shows only when the department is absent or 45 and the branch absent, 60 or 67. */
export function showsBuildingField(codeDepartement: Code, codeFiliere: Code): boolean {
  const dep = text(codeDepartement)
  const fil = text(codeFiliere)
  return (!dep || dep === '45') && (!fil || fil === '60' || fil === '67')
}

/** Building: optional and numeric ('Doit être une valeur numérique, ou vide'). */
export function validateBuilding(numBatiment: string | number | null | undefined): string | null {
  if (numBatiment === null || numBatiment === undefined) return null
  if (typeof numBatiment === 'number') return Number.isFinite(numBatiment) ? null : MESSAGES.batimentNumerique
  if (typeof numBatiment !== 'string') return MESSAGES.batimentNumerique
  return numBatiment.trim() === '' || /^\d+$/.test(numBatiment.trim()) ? null : MESSAGES.batimentNumerique
}

/** Only addresses whose state is not S are offered. */
export const offeredAddresses = <A extends Adresse>(adresses: readonly A[]): A[] =>
  adresses.filter((a) => a && a.etat !== 'S')

export interface HistoryLine {
  numAdresse?: string | number | null
  artCommandable?: boolean | null
  codeFamilleArticle?: string | null
}

/** 'Ajouter' is disabled if the article is not orderable. */
export const canAddHistoryLine = (l: HistoryLine): boolean => l.artCommandable === true

/** A history line can be duplicated only if it has an address. */
export const canDuplicateHistoryLine = (l: HistoryLine): boolean => text(l.numAdresse) !== ''

/** Poultry lines of a customer with lots show the Lots & plans shortcut instead of Ajouter. */
export const showsLotsShortcut = (l: HistoryLine, hasLots: boolean): boolean =>
  hasLots && isPoultryFamily(l.codeFamilleArticle)

/** Quick-add skips lines whose article is not orderable. */
export function splitOrderable<L extends HistoryLine>(lines: readonly L[]): { ajoutees: L[]; nonCommandables: L[] } {
  return { ajoutees: lines.filter(canAddHistoryLine), nonCommandables: lines.filter((l) => !canAddHistoryLine(l)) }
}

// The spec says the result "states the counts added and not orderable"; the sentence is ours.
export const quickAddSummary = (ajoutees: number, nonCommandables: number): string =>
  `${ajoutees} ligne(s) ajoutée(s) au panier, ${nonCommandables} ligne(s) non commandable(s)`
