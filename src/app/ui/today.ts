// Today's date in Paris without luxon, for what the shell shows on the first paint (the holiday
// banner, the contracts badge, the history's first window), and without Intl (domain/paris-clock:
// the first Intl object of the page loads ICU's data inside the first screen's task). It reads
// Date.now(), as luxon does, so browser tests that fix the clock with page.clock fix this too.
import type { IsoDate } from '../../domain/types'
import { parisDateOf, parisTimeOf } from '../../domain/paris-clock'

/** 'yyyy-MM-dd' of an instant in Paris (now by default). */
export const parisDate = (at: number = Date.now()): IsoDate => parisDateOf(at)

/** 'HH:mm' of an instant in Paris. */
export const parisTime = (at: number): string => parisTimeOf(at)

export const parisToday = (): IsoDate => parisDate()
