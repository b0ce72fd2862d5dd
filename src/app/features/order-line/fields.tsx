// The form's field parts: a label above (required fields marked *), the message below, 48 px
// high controls, and the message tied to its control for screen readers.
import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type InputHTMLAttributes } from 'react'

export const CONTROL =
  'touch-target w-full rounded-lg border-2 border-neutral-600 bg-white px-3 text-base text-neutral-950 aria-invalid:border-red-700'
export const OUTLINE_BUTTON =
  'touch-target rounded-full border-2 border-silo-green bg-white px-5 font-semibold text-silo-green disabled:opacity-60'
export const FILLED_BUTTON = 'touch-target rounded-full bg-silo-green px-5 font-semibold text-white disabled:opacity-60'

export function ErrorText({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="mt-1 text-base font-semibold text-red-800">
      {error}
    </p>
  ) : null
}

interface FieldProps {
  label: string
  required?: boolean
  error?: string | null
  hint?: ReactNode
}

type InputProps = FieldProps & InputHTMLAttributes<HTMLInputElement>

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, required, error, hint, className, ...rest },
  ref,
) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
        {required ? ' *' : ''}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-e ${id}-h`}
        className={CONTROL}
        {...rest}
      />
      {hint && (
        <p id={`${id}-h`} className="mt-1 text-sm text-neutral-800">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-e`} error={error} />
    </div>
  )
})

type SelectProps = FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { code: string; libelle: string }[]
    placeholder?: string
  }

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, required, error, hint, options, placeholder, className, ...rest },
  ref,
) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
        {required ? ' *' : ''}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-e ${id}-h`}
        className={CONTROL}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.libelle}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-h`} className="mt-1 text-sm text-neutral-800">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-e`} error={error} />
    </div>
  )
})

/** A 48 px check box with its label; the whole row is the touch target. */
export const CheckField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }>(
  function CheckField({ label, className, ...rest }, ref) {
    return (
      <label className={`touch-target flex cursor-pointer items-center gap-3 rounded-lg px-1 ${className ?? ''}`}>
        <input ref={ref} type="checkbox" className="h-6 w-6 shrink-0 accent-silo-green" {...rest} />
        <span className="text-base">{label}</span>
      </label>
    )
  },
)

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-xl border-2 border-neutral-300 p-3">
      <legend className="px-1 text-lg font-bold">{title}</legend>
      {children}
    </fieldset>
  )
}
