// The optional logistic comment of the order (cart-orders-admin §2, §3 "Cart header comments"):
// predefined comment checkboxes and a free text of at most 80 characters. Every change is saved
// in the Dexie cart header at once, so it survives a reload and needs no network.
import { useId, useState } from 'react'
import { COMMENTAIRE_PANIER_MAX } from '../../../domain/constants'
import type { CommentairesPanier } from '../../../domain/submission'
import { HelpButton } from '../../ui/help-button'
import { CharacterCount } from '../../ui/character-count'

interface Props {
  /** The labels offered (src/domain offeredPredefinedComments). */
  predefined: readonly string[]
  /** What the header row held when the screen opened. */
  initial: CommentairesPanier
  onChange: (next: CommentairesPanier) => void
}

export function CartComments({ predefined, initial, onChange }: Props) {
  const [value, setValue] = useState<CommentairesPanier>(initial)
  const textId = useId()
  const counterId = useId()
  const update = (next: CommentairesPanier) => {
    setValue(next)
    onChange(next)
  }
  const libre = typeof value.libre === 'string' ? value.libre : ''
  return (
    <section aria-labelledby={`${textId}-titre`} className="mt-6 rounded-xl border-2 border-neutral-300 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${textId}-titre`} className="min-w-0 text-xl font-bold">
          Commentaire logistique <span className="text-base font-normal">(facultatif)</span>
        </h2>
        <HelpButton cle="COMMENTAIRE_PANIER" label="Aide : commentaire logistique" />
      </div>
      {predefined.length > 0 && (
        <fieldset className="mb-3">
          <legend className="sr-only">Commentaires prédéfinis</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {predefined.map((label, i) => {
              const id = `${textId}-pre-${i}`
              return (
                <div key={label} className="flex items-center gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    checked={value[label] === true}
                    onChange={(e) => update({ ...value, [label]: e.target.checked })}
                    className="h-7 w-7 shrink-0 accent-silo-green"
                  />
                  <label htmlFor={id} className="touch-target flex flex-1 items-center text-base">
                    {label}
                  </label>
                </div>
              )
            })}
          </div>
        </fieldset>
      )}
      <label htmlFor={textId} className="mb-1 block font-semibold">
        Autre commentaire
      </label>
      <textarea
        id={textId}
        rows={2}
        maxLength={COMMENTAIRE_PANIER_MAX}
        value={libre}
        aria-describedby={counterId}
        placeholder="Les indications de date de livraison ne seront pas prises en compte"
        onChange={(e) => update({ ...value, libre: e.target.value.slice(0, COMMENTAIRE_PANIER_MAX) })}
        className="block min-h-[48px] w-full rounded-lg border-2 border-neutral-600 bg-white px-3 py-2 text-base placeholder:text-neutral-600"
      />
      <CharacterCount id={counterId} length={libre.length} max={COMMENTAIRE_PANIER_MAX} />
    </section>
  )
}
