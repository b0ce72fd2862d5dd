// Delivery weekdays allowed per article and address (the delivery constraints' lundi…dimanche).
import type { ContraintesLivraison } from './types'

/** luxon weekday numbers: 1 = Monday … 7 = Sunday. */
export const JOURS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const
type Jour = (typeof JOURS)[number]

const ALL: readonly number[] = [1, 2, 3, 4, 5, 6, 7]

/**
 * Weekdays allowed by the constraints. No constraints at all means every day (the business-day
 * rule still applies); a flag left null means allowed, only an explicit false forbids.
 */
export function allowedWeekdays(constraints: ContraintesLivraison | null | undefined): number[] {
  if (!constraints || typeof constraints !== 'object') return [...ALL]
  return ALL.filter((n) => (constraints as Record<string, unknown>)[JOURS[n - 1] as Jour] !== false)
}

/** Weekdays common to several articles (the quick-add dialog of the history). */
export function commonWeekdays(list: readonly (ContraintesLivraison | null | undefined)[]): number[] {
  return list.reduce<number[]>((acc, c) => acc.filter((n) => allowedWeekdays(c).includes(n)), [...ALL])
}

/**
 * The message listing the allowed days. The spec only says "the allowed days are listed";
 * the sentence is ours.
 */
export function weekdaysMessage(allowed: readonly number[]): string {
  // Weekends are never delivered, whatever the flags say: listing them would mislead.
  const names = allowed.filter((n) => n >= 1 && n <= 5).map((n) => JOURS[n - 1])
  return `Livraison possible uniquement le ${names.join(', ')}`
}
