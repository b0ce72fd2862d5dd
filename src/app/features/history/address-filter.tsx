// All addresses, or one: shown only for a customer with more than one address (§2).
import type { Adresse } from '../../../contract/tiers'
import { useChoiceBeforeHydration } from '../../ui/use-choice-before-hydration'

export const addressLabel = (a: Adresse) => [a.adresse1, `${a.codePostal} ${a.ville}`].filter(Boolean).join(', ')

export function AddressFilter({
  adresses,
  value,
  onChange,
}: {
  adresses: readonly Adresse[]
  value: string
  onChange: (v: string) => void
}) {
  const ref = useChoiceBeforeHydration<HTMLSelectElement>(value, onChange)
  if (adresses.length <= 1) return null
  return (
    <div className="mb-4">
      <label htmlFor="filtre-adresse" className="mb-1 block font-semibold">
        Adresse de livraison
      </label>
      <select
        id="filtre-adresse"
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="touch-target w-full max-w-xl rounded-lg border-2 border-neutral-600 bg-white px-3 text-base"
      >
        <option value="">Toutes les adresses</option>
        {adresses.map((a) => (
          <option key={a.numAdr} value={String(a.numAdr)}>
            {addressLabel(a)}
          </option>
        ))}
      </select>
    </div>
  )
}
