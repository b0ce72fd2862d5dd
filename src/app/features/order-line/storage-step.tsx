// Step Stockage: the building (only when showsBuildingField), then up to three storage places;
// the 2nd appears once the 1st is filled, the 3rd once the 2nd is (visiblePlaceCount). The
// building's silo types come first; "Afficher plus" adds every default silo type and Autre
// (997), which asks for the farmer's own words. Choosing a building clears the places (§2).
import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { AUTRE_LIEU_MAX, AUTRE_LIEU_MIN, CODE_AUTRE_LIEU } from '../../../domain/constants'
import { visiblePlaceCount } from '../../../domain/storage-places'
import type { Batiment } from '../../../contract/exploitations'
import { OUTLINE_BUTTON, Section, SelectField, TextField } from './fields'
import type { OrderLineValues } from './order-line-values'
import type { PlaceField } from '../../../domain/storage-places'
import { CharacterCount } from '../../ui/character-count'

interface Props {
  form: UseFormReturn<OrderLineValues>
  showBuilding: boolean
  batiments: readonly Batiment[]
  typesSilo: readonly { code: string; libelle: string }[]
  typesSiloDefault: readonly string[]
  /** Per place, the warning that another cart line plans it at the same address on those dates. */
  warnings: Readonly<Record<PlaceField, string | null>>
}

const PLACES = [
  { field: 'codeTypeSilo1', autre: 'autre1' },
  { field: 'codeTypeSilo2', autre: 'autre2' },
  { field: 'codeTypeSilo3', autre: 'autre3' },
] as const

export function StorageStep({ form, showBuilding, batiments, typesSilo, typesSiloDefault, warnings }: Props) {
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form
  const [more, setMore] = useState(false)
  const values = watch(['numBatiment', 'codeTypeSilo1', 'codeTypeSilo2', 'codeTypeSilo3'])
  const [numBatiment, ...places] = values
  const batiment = batiments.find((b) => String(b.numBatiment) === numBatiment)
  const own = batiment ? batiment.typesSilo.map((t) => t.code) : []
  const base = own.length ? own : [...typesSiloDefault]
  const codes = [
    ...new Set([...base, ...(more ? [...typesSiloDefault, CODE_AUTRE_LIEU] : []), ...places.filter(Boolean)]),
  ]
  const options = codes.map((code) => ({
    code,
    libelle: code === CODE_AUTRE_LIEU ? 'Autre' : (typesSilo.find((t) => t.code === code)?.libelle ?? code),
  }))
  const count = visiblePlaceCount({ codeTypeSilo1: places[0], codeTypeSilo2: places[1], codeTypeSilo3: places[2] })
  const clearFrom = (i: number) => {
    for (const p of PLACES.slice(i)) {
      setValue(p.field, '', { shouldDirty: true })
      setValue(p.autre, '', { shouldDirty: true })
    }
  }
  const building = register('numBatiment', { onChange: () => clearFrom(0) })

  return (
    <Section title="Stockage">
      {showBuilding && (
        <SelectField
          label="Bâtiment"
          placeholder="Aucun bâtiment"
          options={batiments.map((b) => ({ code: String(b.numBatiment), libelle: b.libelle }))}
          error={errors.numBatiment?.message}
          hint="Choisir un bâtiment efface les lieux de stockage."
          {...building}
        />
      )}
      {PLACES.slice(0, count).map((p, i) => {
        const reg = register(p.field, {
          onChange: (e: { target: { value: string } }) => {
            // Emptying a place empties the ones after it: they only show once it is filled.
            if (!e.target.value) clearFrom(i + 1)
          },
        })
        return (
          <div key={p.field} className="grid gap-2">
            <SelectField
              label={`Lieu de stockage ${i + 1}`}
              required={i === 0}
              placeholder={i === 0 ? 'Choisir un lieu…' : 'Aucun'}
              options={options}
              error={p.autre && places[i] === CODE_AUTRE_LIEU ? undefined : errors[p.field]?.message}
              {...reg}
            />
            {/* A warning, not an error: the farmer may mean it (cart-orders-admin §2). */}
            {warnings[p.field] && (
              <p
                role="status"
                className="rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950"
              >
                {warnings[p.field]}
              </p>
            )}
            {places[i] === CODE_AUTRE_LIEU && (
              <TextField
                label={`Précisez le lieu de stockage ${i + 1}`}
                required
                maxLength={AUTRE_LIEU_MAX}
                autoComplete="off"
                hint={
                  <>
                    De {AUTRE_LIEU_MIN} à {AUTRE_LIEU_MAX} caractères.
                    <CharacterCount
                      length={String(watch(p.autre) ?? '').length}
                      max={AUTRE_LIEU_MAX}
                      className="text-sm text-neutral-800"
                    />
                  </>
                }
                error={errors[p.field]?.message}
                {...register(p.autre, { deps: [p.field] })}
              />
            )}
          </div>
        )
      })}
      {!more && (
        <button type="button" className={`${OUTLINE_BUTTON} justify-self-start`} onClick={() => setMore(true)}>
          Afficher plus
        </button>
      )}
    </Section>
  )
}
