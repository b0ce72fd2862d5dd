// Europe/Paris for luxon without Intl (issue 29). Luxon's own zone for 'Europe/Paris' asks an
// Intl.DateTimeFormat for every offset, and a DateTime with no locale asks Intl for the system's:
// the page's first Intl object loads ICU's data, measured 24–28 ms on an unthrottled CPU inside
// the advice panel's first render, after the first screen (×4 on a slow phone). This zone gives
// Paris's offset by the EU rule (domain/paris-clock, pinned to the tz data by its tests), and
// luxon's defaults say French with Latin digits, so formatting 'dd/MM/yyyy HH:mm' needs no Intl.
// Month and weekday names are not luxon's anywhere here (domain/format writes them by hand).
import { Settings, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon'
import { parisOffsetMinutes } from './paris-clock'

const NAME = 'Europe/Paris'

class ParisZone extends Zone {
  override get type(): string {
    return 'iana'
  }

  override get name(): string {
    return NAME
  }

  override get isUniversal(): boolean {
    return false
  }

  override offsetName(ts: number, { format }: ZoneOffsetOptions): string {
    const summer = parisOffsetMinutes(ts) === 120
    if (format === 'long') return summer ? 'heure d’été d’Europe centrale' : 'heure normale d’Europe centrale'
    return summer ? 'UTC+2' : 'UTC+1'
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    const hours = parisOffsetMinutes(ts) / 60
    if (format === 'narrow') return `+${hours}`
    return format === 'techie' ? `+0${hours}00` : `+0${hours}:00`
  }

  override offset(ts: number): number {
    return parisOffsetMinutes(ts)
  }

  override equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === NAME
  }

  override get isValid(): true {
    return true
  }
}

/** The zone of every date and time the rules and screens speak of. */
export const PARIS: Zone = new ParisZone()

// French with Latin digits, said rather than asked of Intl (luxon asks for the system's locale
// when none is set, and whether its digits are Latin before formatting a number).
Settings.defaultLocale = 'fr-FR'
Settings.defaultNumberingSystem = 'latn'
