// Step Produit: the quantity in tonnes (with − and + buttons) and the delivery address.
import { useId, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { parseQuantityInput, stepQuantity, type QuantityBounds } from '../../../domain/quantity'
import { QUANTITE_PAS } from '../../../domain/constants'
import type { Adresse } from '../../../contract/tiers'
import type { Contrat } from '../../../contract/contrats'
import { formatDateCourte, formatTonnes, formatTonnesCourt } from '../../../domain/format'
import { QUANTITY_DEBOUNCE_MS, useDebounced } from '../../ui/use-debounced'
import { CONTROL, ErrorText, Section, SelectField } from './fields'
import { formatQuantite, type OrderLineValues } from './order-line-values'

interface Props {
  form: UseFormReturn<OrderLineValues>
  /** The line's bounds (its article's constraints, a simple feed's defaults: domain/order-line). */
  bounds: QuantityBounds
  /** A simple feed: the help says why its maximum is what it is. */
  alimentSimple: { avecContrat: boolean } | null
  adresses: readonly Adresse[]
  /** The forward contracts the line may be drawn on, and the one chosen. */
  contrats: readonly Contrat[]
  numContrat: string | null
}

const adresseLibelle = (a: Adresse) =>
  [a.adresse1, a.adresse2, a.adresse3, `${a.codePostal} ${a.ville}`].filter(Boolean).join(', ')

const contratLibelle = (c: Contrat) =>
  `N° ${c.numContrat} — reste ${formatTonnes(c.qteRestante ?? 0)}, jusqu'au ${formatDateCourte(c.dateFin)}`

export function ProductStep({ form, bounds, alimentSimple, adresses, contrats, numContrat }: Props) {
  const id = useId()
  const {
    register,
    setValue,
    getValues,
    formState: { errors },
  } = form
  // While the farmer types, the quantity's message waits for a 50 ms pause (§9 "quantity input
  // debounce"); the text itself is never rewritten while typed ("9," stays), and the checks of
  // Suivant and of the submit read the current value, whatever is shown.
  const [typing, setTyping] = useState(false)
  const step = (direction: 1 | -1) => {
    setTyping(false)
    setValue('quantiteCommande', formatQuantite(stepQuantity(getValues('quantiteCommande'), direction, bounds)), {
      shouldValidate: true,
      shouldDirty: true,
    })
  }
  const quantity = register('quantiteCommande', {
    deps: ['modeLibelle'],
    onChange: () => setTyping(true),
    // Comma decimals accepted, negatives become 0, rounded to 3 decimals (§5).
    onBlur: () => {
      setTyping(false)
      const n = parseQuantityInput(getValues('quantiteCommande'))
      if (n !== null) setValue('quantiteCommande', formatQuantite(n), { shouldValidate: true })
    },
  })
  const error = useDebounced(errors.quantiteCommande?.message, QUANTITY_DEBOUNCE_MS, !typing)
  return (
    <Section title="Produit">
      <div>
        <label htmlFor={id} className="mb-1 block font-semibold">
          Quantité (t) *
        </label>
        <div className="flex items-stretch gap-2">
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label={`Diminuer de ${formatTonnesCourt(QUANTITE_PAS)}`}
            className="touch-target w-12 shrink-0 rounded-lg border-2 border-silo-green text-2xl font-bold text-silo-green"
          >
            −
          </button>
          <input
            id={id}
            {...quantity}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-h ${id}-e`}
            className={`${CONTROL} text-center text-lg`}
          />
          <button
            type="button"
            onClick={() => step(1)}
            aria-label={`Augmenter de ${formatTonnesCourt(QUANTITE_PAS)}`}
            className="touch-target w-12 shrink-0 rounded-lg border-2 border-silo-green text-2xl font-bold text-silo-green"
          >
            +
          </button>
        </div>
        <p id={`${id}-h`} className="mt-1 text-sm text-neutral-800">
          {bounds.min >= bounds.max ? formatTonnesCourt(bounds.min) : `Jusqu'à ${formatTonnesCourt(bounds.max)}`}
          {alimentSimple &&
            (alimentSimple.avecContrat
              ? ' (aliment simple avec contrat à terme)'
              : ' (aliment simple sans contrat à terme)')}
          , par pas de {formatTonnesCourt(QUANTITE_PAS)}
        </p>
        <ErrorText id={`${id}-e`} error={error} />
      </div>
      {(contrats.length > 0 || numContrat) && (
        <SelectField
          label="Contrat à terme"
          // A line edited after its contract ended keeps showing it: the cooperative says why at the order.
          options={[
            { code: '', libelle: 'Sans contrat' },
            ...contrats.map((c) => ({ code: c.numContrat, libelle: contratLibelle(c) })),
            ...(numContrat && !contrats.some((c) => c.numContrat === numContrat)
              ? [{ code: numContrat, libelle: `N° ${numContrat}` }]
              : []),
          ]}
          hint={contractHint(contrats.find((c) => c.numContrat === numContrat) ?? null, alimentSimple)}
          error={errors.numContrat?.message}
          {...register('numContrat', { deps: ['quantiteCommande'] })}
        />
      )}
      <SelectField
        label="Adresse de livraison"
        required
        placeholder={adresses.length === 1 ? undefined : 'Choisir une adresse…'}
        options={adresses.map((a) => ({ code: String(a.numAdr), libelle: adresseLibelle(a) }))}
        error={errors.numAdresse?.message}
        {...register('numAdresse')}
      />
    </Section>
  )
}

/** What drawing on the contract means for this line. */
function contractHint(contrat: Contrat | null, alimentSimple: { avecContrat: boolean } | null): string {
  if (!contrat) return 'Commande hors contrat.'
  const reste = `Il reste ${formatTonnes(contrat.qteRestante ?? 0)} sur ce contrat.`
  return alimentSimple ? `${reste} Sur contrat, un aliment simple peut aller jusqu'à 29 t.` : reste
}
