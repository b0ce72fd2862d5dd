// The edit form of one parameter row: its values (texts as typed), the valibot schema whose
// checks are src/domain's rules and messages, and the stored value the form produces.
import * as v from 'valibot'
import type { Parametre } from '../../../contract/parametres'
import { MESSAGES } from '../../../domain/constants'
import {
  formatIsoDuration,
  validateDurationInput,
  type DurationParts,
  type DurationUnit,
} from '../../../domain/durations'
import {
  checkParameterValue,
  durationInputs,
  durationUnitsOf,
  heurePivotInput,
  normalizeParameterValue,
  parameterKind,
} from '../../../domain/parameter-values'

export interface ParametreValues {
  /** HEURE_PIVOT's hour, a number or a text, as typed. */
  value: string
  /** A duration's whole numbers per unit shown by its format, as typed. */
  parts: Partial<Record<DurationUnit, string>>
}

export function toFormValues(p: Parametre): ParametreValues {
  const kind = parameterKind(p.categorie, p.code)
  if (kind === 'duree') return { value: p.value, parts: durationInputs(p.code, p.value) }
  return { value: kind === 'heure' ? heurePivotInput(p.value) : p.value, parts: {} }
}

const toParts = (parts: ParametreValues['parts']): DurationParts =>
  Object.fromEntries(Object.entries(parts).map(([u, text]) => [u, Number(String(text ?? '').trim())]))

/** The value to save, as the server stores it; null while the form is invalid. */
export function toStoredValue(p: Parametre, values: ParametreValues): string | null {
  const units = durationUnitsOf(p.code)
  if (units) {
    if (validateDurationInput(values.parts, units)) return null
    return normalizeParameterValue(p.categorie, p.code, formatIsoDuration(toParts(values.parts), units))
  }
  return normalizeParameterValue(p.categorie, p.code, values.value)
}

/** The row's schema: per-unit inputs for a duration, one checked text otherwise. */
export function parametreSchema(p: Parametre) {
  const units = durationUnitsOf(p.code)
  if (units) {
    // cart-orders-admin §5: durations required, whole numbers per unit ('Valeur invalide'); a
    // time field's hours 0 to 23 and minutes 0 to 59 (ordering-area §5), said as such.
    const unitError = (u: DurationUnit, text: string) =>
      validateDurationInput({ [u]: text }, units, [u]) ??
      (checkParameterValue(p.categorie, p.code, formatIsoDuration({ [u]: Number(text.trim()) }, units)) === null
        ? null
        : MESSAGES.valeurInvalide)
    const unitCheck = (u: DurationUnit) =>
      v.pipe(
        v.string(),
        v.check(
          (text) => unitError(u, text) === null,
          (issue) => unitError(u, String(issue.input)) ?? '',
        ),
      )
    return v.object({ value: v.string(), parts: v.object(Object.fromEntries(units.map((u) => [u, unitCheck(u)]))) })
  }
  return v.object({
    value: v.pipe(
      v.string(),
      v.check(
        (text) => checkParameterValue(p.categorie, p.code, text) === null,
        (issue) => checkParameterValue(p.categorie, p.code, issue.input) ?? '',
      ),
    ),
    parts: v.record(v.string(), v.string()),
  })
}
