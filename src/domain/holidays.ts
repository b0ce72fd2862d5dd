// French public holidays (jours fériés of the Code du travail, art. L3133-1) of any year.
// Computed, not listed, so that the calendar never runs out. Good Friday and 26 December
// (Alsace-Moselle only) are not national holidays; local ones may come from the order
// parameters' joursFeries and are added by the calendar.
import { byCharacters } from './compare'

export interface JourFerie {
  date: string
  libelle: string
}

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return { month, day }
}

/** Easter plus `offset` days, with plain UTC arithmetic (no time zone can shift a civil date). */
function easterPlus(year: number, offset: number): string {
  const { month, day } = easterSunday(year)
  const t = new Date(Date.UTC(year, month - 1, day + offset))
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate())
}

/** The 11 national public holidays of `year`, in date order. */
export function joursFeries(year: number): JourFerie[] {
  const list: JourFerie[] = [
    { date: iso(year, 1, 1), libelle: "Jour de l'an" },
    { date: easterPlus(year, 1), libelle: 'Lundi de Pâques' },
    { date: iso(year, 5, 1), libelle: 'Fête du Travail' },
    { date: iso(year, 5, 8), libelle: 'Victoire 1945' },
    { date: easterPlus(year, 39), libelle: 'Ascension' },
    { date: easterPlus(year, 50), libelle: 'Lundi de Pentecôte' },
    { date: iso(year, 7, 14), libelle: 'Fête nationale' },
    { date: iso(year, 8, 15), libelle: 'Assomption' },
    { date: iso(year, 11, 1), libelle: 'Toussaint' },
    { date: iso(year, 11, 11), libelle: 'Armistice 1918' },
    { date: iso(year, 12, 25), libelle: 'Noël' },
  ]
  return list.sort((x, y) => byCharacters(x.date, y.date))
}

// Business-day checks run thousands of times per cart: one Set of ISO dates per year.
const cache = new Map<number, ReadonlySet<string>>()

function joursFeriesSet(year: number): ReadonlySet<string> {
  let set = cache.get(year)
  if (!set) {
    set = new Set(joursFeries(year).map((j) => j.date))
    cache.set(year, set)
  }
  return set
}

/** Is this ISO date ('yyyy-MM-dd') a national public holiday? */
export function isJourFerie(isoDate: string): boolean {
  const year = Number(isoDate.slice(0, 4))
  return Number.isInteger(year) && joursFeriesSet(year).has(isoDate)
}
