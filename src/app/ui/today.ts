// Today's date in Paris without luxon, for what the shell shows on the first paint (the holiday
// banner, the contracts badge, the history's first window). Intl reads the same clock as luxon's
// DateTime.now(), so browser tests that fix it with page.clock fix this too.
import type { IsoDate } from '../../domain/types'
import { ZONE } from '../../domain/day-numbers'

const PARIS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
const PARIS_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? ''

/** 'yyyy-MM-dd' of an instant in Paris (now by default). */
export function parisDate(at: number = Date.now()): IsoDate {
  const parts = PARIS_DATE.formatToParts(at)
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`
}

/** 'HH:mm' of an instant in Paris. */
export function parisTime(at: number): string {
  const parts = PARIS_TIME.formatToParts(at)
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`
}

export const parisToday = (): IsoDate => parisDate()
