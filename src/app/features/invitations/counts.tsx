// The accounts counted by state (issue 48): each count is a button that shows that state's list.
import { ETAT_LIBELLES, ETATS_INVITATION, type Compteurs, type EtatInvitation } from '../../../contract/invitations'
import { groupDigits } from '../../../domain/invitations'

export function Counts({
  compteurs,
  etat,
  onEtat,
}: {
  compteurs: Compteurs
  etat: EtatInvitation | null
  onEtat: (etat: EtatInvitation | null) => void
}) {
  const total = ETATS_INVITATION.reduce((sum, e) => sum + compteurs[e], 0)
  const item = (key: EtatInvitation | null, label: string, n: number) => (
    <li key={key ?? 'tous'}>
      <button
        type="button"
        aria-pressed={etat === key}
        onClick={() => onEtat(key)}
        className="touch-target flex w-full items-center justify-between gap-3 rounded-lg border-2 border-black/15 px-3 text-left text-base aria-pressed:border-silo-green aria-pressed:bg-silo-green/10 aria-pressed:font-bold"
      >
        <span>{label}</span>
        <span className="font-bold tabular-nums" data-etat={key ?? 'tous'}>
          {groupDigits(n)}
        </span>
      </button>
    </li>
  )
  return (
    <section aria-labelledby="compteurs" className="mb-6">
      <h2 id="compteurs" className="mb-2 text-xl font-bold">
        Comptes par état
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {item(null, 'Tous les comptes', total)}
        {ETATS_INVITATION.map((e) => item(e, ETAT_LIBELLES[e], compteurs[e]))}
      </ul>
    </section>
  )
}
