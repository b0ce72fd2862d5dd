// Member search for staff (cart-orders-admin §2 "Member search"): from 3 characters, debounced;
// on a tablet or desktop a row is selected then 'Valider'; on a phone each row has its own button.
import { useId, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { setActingFor } from '../../../api/tiers-search'
import { leaveRoundChoice } from '../../../api/round'
import type { TiersTrouve } from '../../../contract/tiers-search'
import { validateSearch } from '../../../domain/admin'
import { Icon } from '../../ui/icons'
import { previousChoiceEnded } from '../../ui/shell/sign-out'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { useMemberSearch } from './use-member-search'
import { RoundPicker } from './round-picker'

export function MemberSearchPage() {
  const [text, setText] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The members ticked for the round (issue 52), kept across searches.
  const [picked, setPicked] = useState<TiersTrouve[]>([])
  const togglePicked = (m: TiersTrouve) =>
    setPicked((p) =>
      p.some((x) => x.numTiers === m.numTiers) ? p.filter((x) => x.numTiers !== m.numTiers) : [...p, m],
    )
  const search = useMemberSearch(text)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const inputId = useId()
  const error = validateSearch(text)

  const choose = async (numTiers: string) => {
    setChoosing(true)
    setFailure(null)
    try {
      // A "Changer de client" still ending the previous choice ends it first (sign-out.ts).
      await previousChoiceEnded()
      await setActingFor(numTiers)
      // Chosen on the server now: the device's choice in the round (if any) gives way to it.
      leaveRoundChoice()
      // The profile now says whom we act for: drop the cached one so the shell loads it afresh.
      queryClient.removeQueries({ queryKey: ['user', 'me'] })
      await navigate({ to: '/catalog/order_history' })
    } catch {
      setFailure("Impossible de choisir cet adhérent pour l'instant. Vérifiez la connexion et réessayez.")
      setChoosing(false)
    }
  }

  const members: TiersTrouve[] = search.data ?? []
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading>Rechercher un adhérent</PageHeading>
      <label htmlFor={inputId} className="mb-1 block font-semibold">
        Nom ou numéro d'adhérent
      </label>
      <input
        id={inputId}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value)
          setSelected(null)
        }}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className="touch-target w-full rounded-lg border-2 border-neutral-600 px-3 text-lg focus:border-silo-green"
      />
      {error && (
        <p id={`${inputId}-error`} className="mt-1 font-semibold text-red-800">
          {error}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-3 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {failure}
        </p>
      )}
      <div className="mt-4" aria-live="polite" aria-busy={search.isFetching}>
        {search.isFetching && <p className="text-neutral-700">Recherche…</p>}
        {search.isSuccess && members.length === 0 && <EmptyState>Aucun tiers trouvé</EmptyState>}
        {members.length > 0 && (
          <ul className="divide-y divide-black/10 rounded-lg border border-black/15">
            {members.map((m) => (
              <li key={m.numTiers} className={selected === m.numTiers ? 'bg-silo-green/10' : undefined}>
                <div className="flex items-center gap-3 px-3">
                  <label className="touch-target flex flex-1 cursor-pointer items-center gap-3 py-2">
                    <input
                      type="radio"
                      name="adherent"
                      className="hidden h-5 w-5 accent-[#1b5e20] md:block"
                      checked={selected === m.numTiers}
                      onChange={() => setSelected(m.numTiers)}
                    />
                    <span className="flex flex-col">
                      <span className="font-semibold">{m.raisonSociale}</span>
                      <span className="text-neutral-700">
                        N° {m.numTiers}
                        {m.adresse.ville ? ` · ${m.adresse.ville}` : ''}
                      </span>
                    </span>
                  </label>
                  <label className="touch-target flex cursor-pointer items-center gap-2 px-1 text-base">
                    <input
                      type="checkbox"
                      className="h-5 w-5 accent-[#1b5e20]"
                      checked={picked.some((x) => x.numTiers === m.numTiers)}
                      onChange={() => togglePicked(m)}
                      aria-label={`Ajouter ${m.raisonSociale} à ma tournée`}
                    />
                    <span aria-hidden="true">Tournée</span>
                  </label>
                  <button
                    type="button"
                    onClick={() => choose(m.numTiers)}
                    disabled={choosing}
                    aria-label={`Agir pour ${m.raisonSociale}`}
                    className="touch-target flex items-center justify-center rounded-full text-silo-green hover:bg-silo-green/10 md:hidden"
                  >
                    <Icon name="logout" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <RoundPicker picked={picked} onRemove={(n) => setPicked((p) => p.filter((x) => x.numTiers !== n))} />
      <div className="sticky bottom-0 mt-4 hidden justify-end border-t border-black/10 bg-white py-3 md:flex">
        <button
          type="button"
          disabled={!selected || choosing}
          onClick={() => selected && choose(selected)}
          className="touch-target rounded-xl bg-silo-green px-8 text-lg font-bold text-white disabled:bg-neutral-400"
        >
          Valider
        </button>
      </div>
    </div>
  )
}
