// Step Supplémentations et minéraux: one supplementation per group, sub-type rules from
// src/domain (offeredSupplementations, toggleSupplementation); minerals with their percentage.
import { useId } from 'react'
import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import { formatNombre } from '../../../domain/format'
import { offeredSupplementations, toggleSupplementation } from '../../../domain/supplements'
import type { Supplementation } from '../../../contract/articles'
import { CheckField, ErrorText, Section, TextField } from './fields'
import type { OrderLineValues } from './order-line-values'
import { avecUnite } from '../../../domain/typography'

interface Props {
  form: UseFormReturn<OrderLineValues>
  supplementations: readonly Supplementation[]
  mineralMax: number
  /** They could not be loaded (offline): the form's note says so, "none" would be a guess. */
  unknown?: boolean
}

export function SupplementsStep({ form, supplementations, mineralMax, unknown = false }: Props) {
  const id = useId()
  const {
    watch,
    setValue,
    register,
    control,
    formState: { errors },
  } = form
  const { fields } = useFieldArray({ control, name: 'mineraux', keyName: 'key' })
  const chosenNums = watch('supplementations')
  const chosen = supplementations.filter((s) => chosenNums.includes(s.numArticle))
  const offered = new Set(offeredSupplementations(supplementations, chosen).map((s) => s.numArticle))
  const groups = [...new Set(supplementations.map((s) => s.groupe))]
  const minerals = watch('mineraux')
  const toggle = (s: Supplementation) =>
    setValue(
      'supplementations',
      toggleSupplementation(chosen, s).map((x) => x.numArticle),
      { shouldValidate: true, shouldDirty: true },
    )

  return (
    <Section title="Supplémentations et minéraux">
      {!unknown && supplementations.length === 0 && minerals.length === 0 && (
        <p className="text-base">Aucune supplémentation ni minéral pour cet article.</p>
      )}
      {supplementations.length > 0 && (
        <div role="group" aria-labelledby={`${id}-s`} aria-describedby={`${id}-se`}>
          <p id={`${id}-s`} className="font-semibold">
            Supplémentations <span className="font-normal">(une par groupe)</span>
          </p>
          {groups.map((g) => (
            <div key={g} className="border-t border-neutral-200 py-1">
              {supplementations
                .filter((s) => s.groupe === g)
                .map((s) => (
                  <CheckField
                    key={s.numArticle}
                    label={s.libelleLong ?? s.libelleArticle}
                    checked={chosenNums.includes(s.numArticle)}
                    disabled={!offered.has(s.numArticle) && !chosenNums.includes(s.numArticle)}
                    onChange={() => toggle(s)}
                  />
                ))}
            </div>
          ))}
          <ErrorText id={`${id}-se`} error={errors.supplementations?.message} />
        </div>
      )}
      {fields.length > 0 && (
        <div role="group" aria-labelledby={`${id}-m`}>
          <p id={`${id}-m`} className="font-semibold">
            Minéraux{' '}
            <span className="font-normal">
              (taux d'incorporation, {avecUnite(formatNombre(mineralMax), '%')} maximum)
            </span>
          </p>
          {fields.map((f, i) => (
            <div key={f.key} className="grid gap-1 border-t border-neutral-200 py-1">
              <CheckField label={f.libelleArticle} {...register(`mineraux.${i}.selected`)} />
              {minerals[i]?.selected && (
                <TextField
                  label={`Taux de ${f.libelleArticle} (%)`}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.mineraux?.[i]?.quantiteCommande?.message}
                  {...register(`mineraux.${i}.quantiteCommande`)}
                />
              )}
            </div>
          ))}
        </div>
      )}
    </Section>
  )
}
