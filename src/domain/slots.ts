// Delivery time slots (matinApmidi, finMatinApmidi): ordering-area §5.
import { CRENEAU_DEFAUT, CRENEAUX_UN_JOUR_DEFAUT, MESSAGES, PAIRES_CRENEAUX_UN_JOUR } from './constants'
import type { CartLine, Code } from './types'
import { text } from './text'

type SlotLine = Pick<
  CartLine,
  'idLigne' | 'datePrevueLivraison' | 'finDatePrevueLivraison' | 'matinApmidi' | 'finMatinApmidi'
>

export interface SlotErrors {
  matinApmidi: string | null
  finMatinApmidi: string | null
}

/** Is this start-end pair allowed for a delivery on a single day? */
export const isSingleDayPairValid = (matinApmidi: Code, finMatinApmidi: Code): boolean =>
  PAIRES_CRENEAUX_UN_JOUR.includes(`${text(matinApmidi)}-${text(finMatinApmidi)}`)

/**
 * The start slot another line of the cart imposes: lines starting the same day share one start
 * slot (one truck round), unless either says ID ("indifférent"), which fits any.
 */
function conflictingStartSlot(line: SlotLine, others: readonly SlotLine[]): string | null {
  const start = text(line.matinApmidi)
  const date = text(line.datePrevueLivraison)
  if (!start || !date || start === CRENEAU_DEFAUT) return null
  for (const other of others) {
    if (!other || other.idLigne === line.idLigne || text(other.datePrevueLivraison) !== date) continue
    const slot = text(other.matinApmidi)
    if (slot && slot !== CRENEAU_DEFAUT && slot !== start) return slot
  }
  return null
}

/** Both slots required ('Requis'), same start slot per start date, single-day pairs. */
export function validateSlots(line: SlotLine, others: readonly SlotLine[] = []): SlotErrors {
  // A forged row may be anything: read as an empty line, never a throw.
  const l = line && typeof line === 'object' ? line : ({} as SlotLine)
  const errors: SlotErrors = { matinApmidi: null, finMatinApmidi: null }
  const start = text(l.matinApmidi)
  const end = text(l.finMatinApmidi)
  if (!start) errors.matinApmidi = MESSAGES.requis
  else if (conflictingStartSlot(l, Array.isArray(others) ? others.filter(Boolean) : []))
    errors.matinApmidi = MESSAGES.horaireDebutIdentique
  if (!end) errors.finMatinApmidi = MESSAGES.requis
  const d1 = text(l.datePrevueLivraison)
  if (start && end && d1 && d1 === text(l.finDatePrevueLivraison) && !isSingleDayPairValid(start, end)) {
    errors.finMatinApmidi = MESSAGES.horairesUnJour
  }
  return errors
}

/**
 * The slots a window opens with when the app chooses them (an advised order): ID → ID ("indifférent",
 * the spec's default slot) over several days; on a single day, where ID → ID is not an allowed
 * pair, the whole day, JS → J1 (Début de journée → Fin de journée).
 */
export function defaultSlots(
  datePrevueLivraison: string | null | undefined,
  finDatePrevueLivraison: string | null | undefined,
): { matinApmidi: string; finMatinApmidi: string } {
  const d1 = text(datePrevueLivraison)
  const [matinApmidi, finMatinApmidi] =
    d1 && d1 === text(finDatePrevueLivraison) ? CRENEAUX_UN_JOUR_DEFAUT : [CRENEAU_DEFAUT, CRENEAU_DEFAUT]
  return { matinApmidi, finMatinApmidi }
}
