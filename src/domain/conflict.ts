// The 409 answer to an order (cart-orders-admin §8): entries
// `name:[letter,number,article label]:reason` separated by ';'. The server formats it with
// formatConflictMessage, the browser reads it with parseConflictMessage.
import { MESSAGES } from './constants'

export interface ConflictEntry {
  /** Which rule or field refused the line. */
  name: string
  /** codeTypeArticle (a letter). */
  letter: string
  /** numArticle. */
  number: string
  label: string
  reason: string
}

// An entry starts at the start or right after ';', with `name:[`; the reason runs to the next
// such start, so a ';' or ':' inside a reason does not cut it.
const ENTRY = /(?:^|;)\s*([^;:[\]]*):\[([^,\]]*),([^,\]]*),(.*?)\]:(.*?)(?=;\s*[^;:[\]]*:\[|$)/gs

/** The entries of a 409 message; text that is not in the format gives none. */
export function parseConflictMessage(message: unknown): ConflictEntry[] {
  if (typeof message !== 'string') return []
  return [...message.matchAll(ENTRY)].map((m) => ({
    name: (m[1] ?? '').trim(),
    letter: (m[2] ?? '').trim(),
    number: (m[3] ?? '').trim(),
    label: (m[4] ?? '').trim(),
    reason: (m[5] ?? '').trim(),
  }))
}

/** The dialog's list: 'Article : {label} : {reason}' per entry. */
export const conflictLines = (message: unknown): string[] =>
  parseConflictMessage(message).map((e) => `Article : ${e.label} : ${e.reason}`)

export const CONFLICT_DIALOG = {
  titre: MESSAGES.commandeInvalideTitre,
  entete: MESSAGES.commandeInvalideEntete,
  action: MESSAGES.corrigerPanier,
} as const

// Separators cannot be escaped in this format: they are replaced in the fields.
const clean = (s: unknown, forbidden: RegExp) =>
  String(s ?? '')
    .replace(forbidden, ' ')
    .trim()

/** The inverse: what the server puts in a 409 body. */
export function formatConflictMessage(entries: readonly ConflictEntry[]): string {
  return entries
    .map((e) => {
      const name = clean(e.name, /[;:[\],]/g)
      const letter = clean(e.letter, /[;:[\],]/g)
      const number = clean(e.number, /[;:[\],]/g)
      const label = clean(e.label, /[;\]]/g)
      const reason = clean(e.reason, /;/g)
      return `${name}:[${letter},${number},${label}]:${reason}`
    })
    .join(';')
}
