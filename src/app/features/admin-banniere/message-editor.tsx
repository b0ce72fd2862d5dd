// The form of a message being edited (cart-orders-admin §4 "Banner message row", §5): texte and
// both dates, each with its rule's message. The date inputs offer no past day and no end before
// the start; what was typed stays on a refusal or a failed call, whose reason shows below.
import { useEffect, useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { valibotResolver } from '@hookform/resolvers/valibot'
import { TEXTE_MAX } from '../../../contract/messages'
import { bannerDateMins, type BannerContext } from '../../../domain/admin'
import { FILLED, INPUT, OUTLINE } from './styles'
import { messageSchema, type MessageValues } from './message-form'

interface Props {
  now: BannerContext['now']
  /** The saved message being edited; none for a new one. */
  original?: BannerContext['original']
  defaultValues: MessageValues
  /** The form's accessible name. */
  label: string
  submitLabel: string
  /** 'Annuler' for a saved message, 'Supprimer' for a new one (it only exists here). */
  cancelLabel: string
  /** Throws when the server refuses or cannot be reached: the form stays as typed. */
  onSubmit: (values: MessageValues) => Promise<void>
  onCancel: () => void
  failureOf: (error: unknown) => string
}

export function MessageEditor({
  now,
  original,
  defaultValues,
  label,
  submitLabel,
  cancelLabel,
  onSubmit,
  onCancel,
  failureOf,
}: Props) {
  const ctx = useMemo(() => ({ now, original }), [now, original])
  const resolver = useMemo(() => valibotResolver(messageSchema(ctx)), [ctx])
  // Checked as typed, never on blur: a message appearing on blur would move the button being
  // pressed from under the finger.
  const form = useForm<MessageValues>({ defaultValues, resolver, mode: 'onChange' })
  const { register, formState, handleSubmit, setFocus, trigger, getValues, watch } = form
  const [failure, setFailure] = useState<string | null>(null)
  const id = useId()

  useEffect(() => setFocus('texte'), [setFocus])

  const mins = bannerDateMins({ dateDebut: watch('dateDebut') }, ctx)
  const submit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      await onSubmit(values)
    } catch (error) {
      setFailure(failureOf(error))
    }
  })

  const errorId = (name: keyof MessageValues) => `${id}-${name}-error`
  const fieldProps = (name: keyof MessageValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': formState.errors[name] ? true : undefined,
    'aria-describedby': formState.errors[name] ? errorId(name) : undefined,
  })
  const fieldError = (name: keyof MessageValues) => {
    const message = formState.errors[name]?.message
    return message ? (
      <p id={errorId(name)} className="mt-1 font-semibold text-red-800">
        {message}
      </p>
    ) : null
  }
  const busy = formState.isSubmitting

  return (
    <form onSubmit={submit} aria-label={label} noValidate className="grid gap-3">
      <div>
        <label htmlFor={`${id}-texte`} className="block text-base font-semibold">
          Message
        </label>
        <textarea
          {...fieldProps('texte')}
          rows={3}
          maxLength={TEXTE_MAX}
          className={`${INPUT} py-2`}
          {...register('texte')}
        />
        {fieldError('texte')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="min-w-0">
          <label htmlFor={`${id}-dateDebut`} className="block text-base font-semibold">
            Date de début
          </label>
          <input
            type="date"
            min={mins.dateDebut}
            {...fieldProps('dateDebut')}
            className={INPUT}
            // The end's rule depends on the start: say it again once the end has a value.
            {...register('dateDebut', { onChange: () => void (getValues('dateFin') && trigger('dateFin')) })}
          />
          {fieldError('dateDebut')}
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-dateFin`} className="block text-base font-semibold">
            Date de fin
          </label>
          <input type="date" min={mins.dateFin} {...fieldProps('dateFin')} className={INPUT} {...register('dateFin')} />
          {fieldError('dateFin')}
        </div>
      </div>
      <div className="flex gap-2 md:justify-end">
        <button type="button" className={OUTLINE} disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className={FILLED} disabled={busy}>
          {busy ? 'Enregistrement…' : submitLabel}
        </button>
      </div>
      {failure && (
        <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {failure}
        </p>
      )}
    </form>
  )
}
