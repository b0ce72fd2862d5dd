// Today's date in Paris without luxon, for what the shell shows on the first paint (the holiday
// banner, the contracts badge, the history's first window), and without Intl (domain/paris-clock:
// the first Intl object of the page loads ICU's data inside the first screen's task). The one
// place the first screen reads the clock (app/ui/now.ts is luxon's): Date.now(), as luxon does,
// so browser tests that fix the clock with page.clock fix this too.
import type { IsoDate } from '../../domain/types'
import { parisDateOf } from '../../domain/paris-clock'

export const parisToday = (): IsoDate => parisDateOf(Date.now())
