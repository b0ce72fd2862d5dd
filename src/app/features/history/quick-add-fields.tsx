// The quick-add dialog's fields: a label above, the message below, 48 px high.
import { useId } from 'react'

const FIELD =
  'touch-target w-full rounded-lg border-2 border-neutral-600 bg-white px-3 text-base text-neutral-950 aria-invalid:border-red-700'

function Message({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="mt-1 text-base font-semibold text-red-800">
      {error}
    </p>
  ) : null
}

interface DateProps {
  label: string
  value: string
  min?: string
  error?: string | null
  onChange: (value: string) => void
}

/** The browser's own date picker: in French it starts on Monday, and it needs no download. */
export function DateField({ label, value, min, error, onChange }: DateProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label} *
      </label>
      <input
        id={id}
        type="date"
        lang="fr"
        value={value}
        min={min}
        required
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-e`}
        onChange={(e) => onChange(e.target.value)}
        className={FIELD}
      />
      <Message id={`${id}-e`} error={error} />
    </div>
  )
}

interface SelectProps {
  label: string
  value: string
  options: readonly { code: string; libelle: string }[]
  required?: boolean
  error?: string | null
  onChange: (value: string) => void
}

export function SelectField({ label, value, options, required = true, error, onChange }: SelectProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
        {required ? ' *' : ''}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-e`}
        onChange={(e) => onChange(e.target.value)}
        className={FIELD}
      >
        {!value && required && <option value="">Choisir…</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.libelle}
          </option>
        ))}
      </select>
      <Message id={`${id}-e`} error={error} />
    </div>
  )
}
