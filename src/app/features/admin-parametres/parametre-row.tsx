// One parameter row (cart-orders-admin §2 "Parameters page", §4 "Parameter row"): read-only,
// then editing (Modifier), then saved (Enregister; an unchanged value just cancels) or cancelled
// (Annuler restores the original). A failed save restores the original and says why.
import { type JeuParametres } from '../../../contract/limits'
import { Fragment, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { useForm, type FieldError } from 'react-hook-form'
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError } from '../../../api/api-error'
import type { Parametre } from '../../../contract/parametres'
import type { DurationUnit } from '../../../domain/durations'
import { saveParametre } from '../../../api/parametres'
import { durationUnitsOf, parameterKey, parameterKind } from '../../../domain/parameter-values'
import { parametreSchema, toFormValues, toStoredValue, type ParametreValues } from './parametre-form'
import { formatHint, UNITES_DUREE, uniteNombre } from './sections'

const INPUT =
  'touch-target w-full rounded-lg border-2 px-3 text-lg read-only:border-neutral-400 read-only:bg-neutral-100 aria-[invalid=true]:border-red-700 border-neutral-700 focus:border-silo-green'
const OUTLINE =
  'touch-target flex-auto rounded-full border-2 border-silo-green px-3 font-semibold text-silo-green disabled:border-neutral-300 disabled:text-neutral-500 md:flex-none md:px-5'
const FILLED =
  'touch-target flex-auto rounded-full bg-silo-green px-3 font-semibold text-white disabled:bg-neutral-300 disabled:text-neutral-600 md:flex-none md:px-5'

/** A parameter's key (SAS-HORAIRE_COMMANDE-HEURE_PIVOT) may break after its - and _ only, where
 * it reads: broken anywhere, its words were cut ("HEURE_PI / VOT", issue 43). */
function breakableKey(key: string): ReactNode {
  return key.split(/(?<=[-_])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ))
}

function failureText(error: unknown): string {
  if (error instanceof NetworkError)
    return "Pas de réseau : la valeur n'a pas été enregistrée, la valeur précédente est rétablie."
  const reason = error instanceof ApiError ? (error.reason ?? `HTTP ${error.status}`) : String(error)
  return `Échec de l'enregistrement (${reason}) : la valeur précédente est rétablie.`
}

export function ParametreRow({ jeu, parametre: p }: { jeu: JeuParametres; parametre: Parametre }) {
  const queryClient = useQueryClient()
  const kind = parameterKind(p.categorie, p.code)
  const units = durationUnitsOf(p.code)
  const resolver = useMemo(() => valibotResolver(parametreSchema(p)), [p])
  const form = useForm<ParametreValues>({ defaultValues: toFormValues(p), resolver, mode: 'onChange' })
  const { register, formState, reset, handleSubmit, setFocus } = form
  const [editing, setEditing] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const modifierRef = useRef<HTMLButtonElement>(null)
  const id = useId()
  const labelId = `${id}-label`
  const hintId = `${id}-hint`
  const firstField: 'value' | `parts.${DurationUnit}` = units?.[0] ? `parts.${units[0]}` : 'value'

  // A value saved here or elsewhere shows when the row is not being edited.
  useEffect(() => {
    if (!editing) reset(toFormValues(p))
  }, [p, editing, reset])
  useEffect(() => {
    if (editing) setFocus(firstField)
  }, [editing, setFocus, firstField])

  const save = useMutation({
    mutationFn: (value: string) =>
      saveParametre(jeu, { categorie: p.categorie, code: p.code, value, libelle: p.libelle ?? null }),
    onSuccess: async (saved) => {
      queryClient.setQueryData<Parametre[]>(['parametres', jeu], (rows) =>
        rows?.map((r) => (r.categorie === saved.categorie && r.code === saved.code ? { ...r, ...saved } : r)),
      )
      // The order rules read the parameters: every customer's cached ones are stale now.
      await queryClient.invalidateQueries({ queryKey: ['parametres-commande'] })
    },
  })

  const stopEditing = () => {
    setEditing(false)
    // The focused button is about to be disabled: keep the keyboard user in the row.
    requestAnimationFrame(() => modifierRef.current?.focus())
  }
  const cancel = () => {
    reset(toFormValues(p))
    setFailure(null)
    stopEditing()
  }
  const onSubmit = handleSubmit(async (values) => {
    const value = toStoredValue(p, values)
    if (value === null) return
    if (value === p.value) return cancel()
    setDone(null)
    setFailure(null)
    try {
      await save.mutateAsync(value)
      setDone('Valeur enregistrée.')
    } catch (error) {
      reset(toFormValues(p))
      setFailure(failureText(error))
    }
    stopEditing()
  })

  const errorOf = (name: 'value' | `parts.${string}`): FieldError | undefined =>
    name === 'value'
      ? formState.errors.value
      : formState.errors.parts?.[name.slice(6) as keyof ParametreValues['parts']]
  const iso = units ? toStoredValue(p, form.watch()) : null
  const busy = save.isPending
  const readOnly = !editing || busy
  const key = parameterKey(jeu, p.categorie, p.code)
  const libelle = p.libelle || key

  const errorId = (name: string) => `${id}-${name}-error`
  const describedBy = (name: string) =>
    [hintId, errorOf(name as 'value') ? errorId(name) : null].filter(Boolean).join(' ')
  const fieldError = (name: string) => {
    const message = errorOf(name as 'value')?.message
    return message ? (
      <p id={errorId(name)} className="mt-1 font-semibold text-red-800">
        {message}
      </p>
    ) : null
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={labelId}
      noValidate
      className="border-b border-black/10 py-4 last:border-b-0"
    >
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(12rem,18rem)] md:items-start">
        <div>
          {units ? (
            <p id={labelId} className="text-base font-semibold">
              {libelle}
            </p>
          ) : (
            <label id={labelId} htmlFor={`${id}-value`} className="text-base font-semibold">
              {libelle}
            </label>
          )}
          <p id={hintId} className="text-sm text-neutral-700">
            <span>{breakableKey(key)}</span> · {formatHint(kind, units)}
          </p>
        </div>
        <div>
          {units ? (
            <fieldset aria-labelledby={labelId} aria-describedby={hintId} className="flex flex-wrap gap-2">
              {units.map((u) => (
                <div key={u} className="min-w-[5.5rem] flex-1">
                  <label htmlFor={`${id}-${u}`} className="block text-sm font-semibold">
                    {UNITES_DUREE[u]}
                  </label>
                  <input
                    id={`${id}-${u}`}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    readOnly={readOnly}
                    aria-invalid={errorOf(`parts.${u}`) ? true : undefined}
                    aria-describedby={describedBy(`parts.${u}`)}
                    className={INPUT}
                    {...register(`parts.${u}`)}
                  />
                  {fieldError(`parts.${u}`)}
                </div>
              ))}
            </fieldset>
          ) : (
            <div className="flex items-center gap-2">
              <input
                id={`${id}-value`}
                type="text"
                inputMode={kind === 'texte' ? 'text' : 'numeric'}
                autoComplete="off"
                readOnly={readOnly}
                aria-invalid={errorOf('value') ? true : undefined}
                aria-describedby={describedBy('value')}
                className={INPUT}
                {...register('value')}
              />
              {kind === 'heure' && <span aria-hidden="true">h</span>}
              {kind === 'nombre' && uniteNombre(p.categorie) && (
                <span aria-hidden="true">{uniteNombre(p.categorie)}</span>
              )}
            </div>
          )}
          {!units && fieldError('value')}
          {units && iso && <p className="mt-1 text-sm text-neutral-700">Soit {iso} (ISO-8601)</p>}
        </div>
      </div>
      {/* Wrapping: with the text at 200 % the buttons' words broke letter by letter (issue 43). */}
      <div className="mt-3 flex flex-wrap gap-2 md:justify-end">
        <button
          ref={modifierRef}
          type="button"
          className={OUTLINE}
          disabled={editing || busy}
          onClick={() => {
            setDone(null)
            setFailure(null)
            setEditing(true)
          }}
        >
          Modifier
        </button>
        <button type="button" className={OUTLINE} disabled={!editing || busy} onClick={cancel}>
          Annuler
        </button>
        <button type="submit" className={FILLED} disabled={!editing || busy || !formState.isValid}>
          {busy ? 'Enregistrement…' : 'Enregister'}
        </button>
      </div>
      <p role="status" className={done ? 'mt-2 font-semibold text-silo-green' : 'sr-only'}>
        {done}
      </p>
      {failure && (
        <p role="alert" className="mt-2 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {failure}
        </p>
      )}
    </form>
  )
}
