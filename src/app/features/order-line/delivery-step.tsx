// Step Livraison: the truck mode (a label, then its option box; VIS when nothing is chosen), the
// two dates with their defaults and confirmations, and the two slots (ordering-area §2, §5).
// The confirmations ask about a date the farmer enters as it is entered; a start the app filled in
// (the last dates chosen, an advice's window) that is early is asked about as the line is added
// (order-line-form.tsx, issue 51).
import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { horizonDate, toIsoDate } from '../../../domain/calendar'
import { MESSAGES } from '../../../domain/constants'
import {
  defaultStartDate,
  endDateForStart,
  firstAllowedDateFor,
  needsEarlyStartConfirmation,
  needsLongRangeConfirmation,
  type DeliveryWindowContext,
} from '../../../domain/delivery-window'
import { formatDate } from '../../../domain/format'
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
  /** The farmer said yes to 'Période anticipée' for this start: not asked again at the end. */
  onEarlyConfirmed?: (start: string) => void
}

type Pending = 'anticipee' | 'intervalle' | null

export function DeliveryStep({ form, modes, periodes, windowCtx, onEarlyConfirmed }: Props) {
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
  const set = (name: 'datePrevueLivraison' | 'finDatePrevueLivraison', value: string) =>
    setValue(name, value, { shouldDirty: true })

  // deps: a rule of one field reads the other (end ≥ start, single-day slot pairs).
  const startField = register('datePrevueLivraison', {
    deps: ['finDatePrevueLivraison', 'matinApmidi', 'finMatinApmidi'],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value
      // A start without an end gets the default end (and the reverse below); so does a start
      // moved past the end, which would otherwise leave an end the rules refuse (issue 43).
      const end = getValues('finDatePrevueLivraison')
      const fin = endDateForStart(value, end, windowCtx)
      if (fin !== null && fin !== end) set('finDatePrevueLivraison', fin)
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
  const onAnswer = (yes: boolean) => {
    // Cancel clears the date the question was about (§5).
    if (!yes) set(pending === 'anticipee' ? 'datePrevueLivraison' : 'finDatePrevueLivraison', '')
    else if (pending === 'anticipee') onEarlyConfirmed?.(getValues('datePrevueLivraison'))
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
