// The seed stores the French public holidays computed by the shared calendar rule (src/domain),
// so the table and the browser's calendar can never disagree.
import { joursFeries } from '../../domain/holidays'

/** Holidays of the years today-2 … today+3: the history and the order horizon both need them. */
export function holidaysAround(today: string) {
  const year = Number(today.slice(0, 4))
  return [-2, -1, 0, 1, 2, 3].flatMap((dy) => joursFeries(year + dy))
}
