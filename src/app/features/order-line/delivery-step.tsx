// Step Livraison: the truck mode (a label, then its option box; VIS when nothing is chosen), the
// two dates with their defaults and confirmations, and the two slots (ordering-area §2, §5).
import { useEffect, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { horizonDate, toIsoDate } from '../../../domain/calendar'
import { MESSAGES } from '../../../domain/constants'
import {
  defaultEndDate,
  defaultStartDate,
  firstAllowedDateFor,
  needsEarlyStartConfirmation,
  needsLongRangeConfirmation,
  type DeliveryWindowContext,
} from '../../../domain/delivery-window'
import { formatDate } from '../../../domain/format'
import { singleDayPairs } from '../../../domain/slots'
import { truckModeChoices } from '../../../domain/truck-mode'
import type { ModeCamion } from '../../../domain/types'
import { ConfirmDialog } from '../../ui/modal'
import { CheckField, Section, SelectField, TextField } from './fields'
import type { OrderLineValues } from './order-line-values'

interface Props {
  form: UseFormReturn<OrderLineValues>
  modes: readonly ModeCamion[]
  periodes: readonly { code: string; libelle: string }[]
  /** The rules' context for the dates, with the truck mode chosen now. */
  windowCtx: DeliveryWindowContext
}

type Pending = 'anticipee' | 'intervalle' | null
/** The forms whose opening dates were already asked about (a step shown again asks nothing). */
const asked = new WeakSet<object>()

export function DeliveryStep({ form, modes, periodes, windowCtx }: Props) {
  const {
    register,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = form
  const [pending, setPending] = useState<Pending>(null)
  const choices = truckModeChoices(modes)
  const libelle = watch('modeLibelle')
  const option = choices.find((c) => c.libelle === libelle)?.libelleOption ?? null
  const first = firstAllowedDateFor(windowCtx)
  const last = toIsoDate(horizonDate(windowCtx.now, windowCtx.params))
  const start = watch('datePrevueLivraison')
  const singleDay = Boolean(start) && start === watch('finDatePrevueLivraison')
  const slotName = (code: string) => periodes.find((p) => p.code === code)?.libelle ?? code
  const set = (name: 'datePrevueLivraison' | 'finDatePrevueLivraison', value: string) =>
    setValue(name, value, { shouldDirty: true })

  // deps: a rule of one field reads the other (end ≥ start, single-day slot pairs).
  const startField = register('datePrevueLivraison', {
    deps: ['finDatePrevueLivraison', 'matinApmidi', 'finMatinApmidi'],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value
      // A start without an end gets the default end (and the reverse below).
      if (value && !getValues('finDatePrevueLivraison'))
        set('finDatePrevueLivraison', defaultEndDate(value, windowCtx) ?? '')
      if (value && needsEarlyStartConfirmation(value, windowCtx)) setPending('anticipee')
    },
  })
  const endField = register('finDatePrevueLivraison', {
    deps: ['datePrevueLivraison', 'finMatinApmidi'],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value
      const s = getValues('datePrevueLivraison') || (value ? (defaultStartDate(value, windowCtx) ?? '') : '')
      if (s !== getValues('datePrevueLivraison')) set('datePrevueLivraison', s)
      if (value && needsLongRangeConfirmation(s, value, windowCtx)) setPending('intervalle')
    },
  })
  const modeField = register('modeLibelle', {
    onChange: () => setValue('modeOption', false),
    deps: ['datePrevueLivraison'],
  })
  // Dates the form opened with (the last ones chosen, an advice's window) are asked about like
  // typed ones (ordering-area §5 'Période anticipée', 'Intervalle de date'), once per form.
  useEffect(() => {
    if (asked.has(form)) return
    asked.add(form)
    const s = getValues('datePrevueLivraison')
    const e = getValues('finDatePrevueLivraison')
    if (s && needsEarlyStartConfirmation(s, windowCtx)) setPending('anticipee')
    else if (s && e && needsLongRangeConfirmation(s, e, windowCtx)) setPending('intervalle')
  }, [form, getValues, windowCtx])
  const onAnswer = (yes: boolean) => {
    // Cancel clears the date the question was about (§5).
    if (!yes) set(pending === 'anticipee' ? 'datePrevueLivraison' : 'finDatePrevueLivraison', '')
    setPending(null)
  }

  return (
    <Section title="Livraison">
      <div className="grid gap-2">
        <SelectField
          label="Mode camion"
          required
          options={choices.map((c) => ({ code: c.libelle, libelle: c.libelle }))}
          error={errors.modeLibelle?.message}
          {...modeField}
        />
        {option && <CheckField label={option} {...register('modeOption')} />}
      </div>
      <p className="text-base">
        Livraison possible du <strong>{formatDate(first)}</strong> au <strong>{formatDate(last)}</strong>.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Livraison au plus tôt"
          required
          type="date"
          lang="fr"
          min={first}
          max={last}
          error={errors.datePrevueLivraison?.message}
          {...startField}
        />
        <TextField
          label="Livraison au plus tard"
          required
          type="date"
          lang="fr"
          min={start || first}
          max={last}
          error={errors.finDatePrevueLivraison?.message}
          {...endField}
        />
        {singleDay && (
          <p className="text-base sm:col-span-2">
            Livraison sur un seul jour, horaires possibles (début → fin) :{' '}
            {singleDayPairs()
              .map(([a, b]) => `${slotName(a)} → ${slotName(b)}`)
              .join(' ; ')}
            .
          </p>
        )}
        <SelectField
          label="Horaire de début"
          required
          placeholder="Choisir…"
          options={periodes}
          error={errors.matinApmidi?.message}
          {...register('matinApmidi', { deps: ['finMatinApmidi'] })}
        />
        <SelectField
          label="Horaire de fin"
          required
          placeholder="Choisir…"
          options={periodes}
          error={errors.finMatinApmidi?.message}
          {...register('finMatinApmidi')}
        />
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending === 'intervalle' ? MESSAGES.intervalleTitre : MESSAGES.periodeAnticipeeTitre}
        message={pending === 'intervalle' ? MESSAGES.intervalle : MESSAGES.periodeAnticipee}
        onAnswer={onAnswer}
      />
    </Section>
  )
}
