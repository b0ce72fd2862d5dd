// The history's quick-add dialog (ordering-area §2 "Duplication mode", §5 "Quick-add"): one
// delivery window, two slots and up to three storage places for every selected line; under a place
// another line already plans at that address on those dates, the order-line form's warning.
import { useState, type FormEvent } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { DateTime } from 'luxon'
import { CRENEAU_DEFAUT, MESSAGES } from '../../../domain/constants'
import {
  defaultEndDate,
  defaultStartDate,
  firstAllowedDateFor,
  needsEarlyStartConfirmation,
  needsLongRangeConfirmation,
} from '../../../domain/delivery-window'
import { quickAddSummary, splitOrderable } from '../../../domain/articles'
import type { OrderParameters } from '../../../domain/order-parameters'
import { useQueryClient } from '@tanstack/react-query'
import { addCartLines, readCartLines } from '../../../offline/cart'
import { keepPaymentTerms } from '../../../api/paiement'
import { confirmEarlyStart, isEarlyStartConfirmed } from '../../ui/early-starts'
import { ConfirmDialog, Modal } from '../../ui/modal'
import { parisNow } from '../../ui/now'
import { DateField, SelectField } from './quick-add-fields'
import {
  quickAddPlaceWarnings,
  toCartLine,
  validateQuickAdd,
  windowContext,
  type DuplicableLine,
  type QuickAddErrors,
  type QuickAddValues,
} from './quick-add-lines'

interface Props {
  lines: readonly DuplicableLine[]
  periodes: readonly { code: string; libelle: string }[]
  /** Storage places offered, and those allowed per line (its building's, the defaults). */
  places: readonly { code: string; libelle: string }[]
  allowedPlaces: (line: DuplicableLine) => readonly string[]
  params: OrderParameters | undefined
  /** The login time: it moves the pivot hour. */
  sessionStart: DateTime | null
  owner: string
  numTiers: string
  onClose: () => void
  onAdded: (message: string) => void
}

/** The question open: an early start typed, a long range, or an early start met as the lines are added. */
type Pending = 'anticipee' | 'intervalle' | 'anticipee-ajout' | null

export function QuickAddDialog({
  lines,
  periodes,
  places,
  allowedPlaces,
  params,
  sessionStart,
  owner,
  numTiers,
  onClose,
  onAdded,
}: Props) {
  const queryClient = useQueryClient()
  const now = parisNow()
  const defaultSlot = periodes.some((p) => p.code === CRENEAU_DEFAUT) ? CRENEAU_DEFAUT : ''
  const [values, setValues] = useState<QuickAddValues>({
    datePrevueLivraison: '',
    finDatePrevueLivraison: '',
    matinApmidi: defaultSlot,
    finMatinApmidi: defaultSlot,
    codeTypeSilo1: null,
    codeTypeSilo2: null,
    codeTypeSilo3: null,
  })
  const [errors, setErrors] = useState<QuickAddErrors>({})
  const [pending, setPending] = useState<Pending>(null)
  const [saving, setSaving] = useState(false)
  // The cart as it is now (another tab may add to it), for the storage places' warning.
  const cart = useLiveQuery(() => readCartLines(owner, numTiers), [owner, numTiers])
  const warnings = quickAddPlaceWarnings(values, lines, cart ?? [], allowedPlaces)
  // The first selected line stands for all when proposing a default date: the checks run on each.
  const ctx = windowContext(lines[0]!, now, params, sessionStart)
  const set = (patch: Partial<QuickAddValues>) => setValues((v) => ({ ...v, ...patch }))

  const onStart = (start: string) => {
    set({
      datePrevueLivraison: start,
      ...(start && !values.finDatePrevueLivraison ? { finDatePrevueLivraison: defaultEndDate(start, ctx) ?? '' } : {}),
    })
    if (start && needsEarlyStartConfirmation(start, ctx)) setPending('anticipee')
  }
  const onEnd = (end: string) => {
    const start = values.datePrevueLivraison || (end ? (defaultStartDate(end, ctx) ?? '') : '')
    set({ finDatePrevueLivraison: end, datePrevueLivraison: start })
    if (end && needsLongRangeConfirmation(start, end, ctx)) setPending('intervalle')
  }
  const onAnswer = (yes: boolean) => {
    const asked = pending
    setPending(null)
    // Cancel clears the date the question was about (§5).
    if (!yes) set(asked === 'intervalle' ? { finDatePrevueLivraison: '' } : { datePrevueLivraison: '' })
    else if (asked !== 'intervalle') confirmEarlyStart(values.datePrevueLivraison)
    if (yes && asked === 'anticipee-ajout') void add()
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const cart = await readCartLines(owner, numTiers)
    const found = validateQuickAdd(values, lines, cart, now, params, sessionStart)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    // 'Période anticipée' whenever the start is early and not confirmed, as the order-line form
    // asks (issue 51): a start the dialog proposed from the end date is asked about here.
    const start = values.datePrevueLivraison
    if (!isEarlyStartConfirmed(start) && needsEarlyStartConfirmation(start, ctx)) {
      setPending('anticipee-ajout')
      return
    }
    await add()
  }

  const add = async () => {
    setSaving(true)
    const { ajoutees, nonCommandables } = splitOrderable(lines)
    const added = ajoutees.map((l) => toCartLine(l, values, allowedPlaces(l)))
    await addCartLines(owner, numTiers, added)
    keepPaymentTerms(queryClient, numTiers, added)
    setSaving(false)
    onAdded(quickAddSummary(ajoutees.length, nonCommandables.length))
  }

  const optional = [{ code: '', libelle: 'Aucun' }, ...places]
  return (
    <>
      <Modal open title="Ajout rapide au panier" onClose={onClose}>
        <p className="mb-3 text-base">
          {lines.length > 1 ? `${lines.length} lignes sélectionnées` : '1 ligne sélectionnée'}
        </p>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <DateField
              label="Livraison au plus tôt"
              value={values.datePrevueLivraison}
              min={firstAllowedDateFor(ctx)}
              error={errors.datePrevueLivraison}
              onChange={onStart}
            />
            <DateField
              label="Livraison au plus tard"
              value={values.finDatePrevueLivraison}
              min={values.datePrevueLivraison || firstAllowedDateFor(ctx)}
              error={errors.finDatePrevueLivraison}
              onChange={onEnd}
            />
            <SelectField
              label="Horaire de début"
              value={values.matinApmidi}
              options={periodes}
              error={errors.matinApmidi}
              onChange={(v) => set({ matinApmidi: v })}
            />
            <SelectField
              label="Horaire de fin"
              value={values.finMatinApmidi}
              options={periodes}
              error={errors.finMatinApmidi}
              onChange={(v) => set({ finMatinApmidi: v })}
            />
          </div>
          <SelectField
            label="Lieu de stockage 1"
            required
            value={values.codeTypeSilo1 ?? ''}
            options={places}
            error={errors.codeTypeSilo1}
            onChange={(v) => set({ codeTypeSilo1: v || null })}
          />
          <PlaceWarning text={warnings.codeTypeSilo1} />
          {/* The 2nd place appears once the 1st is filled, the 3rd once the 2nd is (§2). */}
          {values.codeTypeSilo1 && (
            <SelectField
              label="Lieu de stockage 2"
              value={values.codeTypeSilo2 ?? ''}
              required={false}
              options={optional}
              onChange={(v) => set({ codeTypeSilo2: v || null, ...(v ? {} : { codeTypeSilo3: null }) })}
            />
          )}
          {values.codeTypeSilo1 && <PlaceWarning text={warnings.codeTypeSilo2} />}
          {values.codeTypeSilo1 && values.codeTypeSilo2 && (
            <SelectField
              label="Lieu de stockage 3"
              value={values.codeTypeSilo3 ?? ''}
              required={false}
              options={optional}
              onChange={(v) => set({ codeTypeSilo3: v || null })}
            />
          )}
          {values.codeTypeSilo1 && values.codeTypeSilo2 && <PlaceWarning text={warnings.codeTypeSilo3} />}
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              onClick={onClose}
              className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green"
            >
              Annuler
            </button>
            <button
              type="submit"
              disabled={saving}
              className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white disabled:opacity-60"
            >
              Ajouter au panier
            </button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={pending !== null}
        title={pending === 'intervalle' ? MESSAGES.intervalleTitre : MESSAGES.periodeAnticipeeTitre}
        message={pending === 'intervalle' ? MESSAGES.intervalle : MESSAGES.periodeAnticipee}
        onAnswer={onAnswer}
      />
    </>
  )
}

/** A warning, not an error: the farmer may mean it (as under the order-line form's places). */
function PlaceWarning({ text }: { text: string | null }) {
  return text ? (
    <p
      role="status"
      className="rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950"
    >
      {text}
    </p>
  ) : null
}
