// A page of the accounts (issue 48): number, name, address, state and last link; a check box
// chooses an account for « send to the selection ». 50 a page, with the previous and next pages.
import { DateTime } from 'luxon'
import { ETAT_LIBELLES, TAILLE_PAGE, type CompteInvitation } from '../../../contract/invitations'
import { formatDateCourte, formatHeure } from '../../../domain/format'
import { groupDigits } from '../../../domain/invitations'
import { PARIS } from '../../../domain/paris-zone'
import { EmptyState } from '../../ui/page-heading'
import { OUTLINE } from './styles'

const at = (iso: string) => {
  const t = DateTime.fromISO(iso).setZone(PARIS)
  return `${formatDateCourte(t)} à ${formatHeure(t)}`
}

export function AccountList({
  comptes,
  total,
  page,
  selected,
  onToggle,
  onPage,
}: {
  comptes: CompteInvitation[]
  total: number
  page: number
  selected: ReadonlySet<string>
  onToggle: (username: string) => void
  onPage: (page: number) => void
}) {
  if (comptes.length === 0) return <EmptyState>Aucun compte dans cet état.</EmptyState>
  const pages = Math.max(1, Math.ceil(total / TAILLE_PAGE))
  return (
    <>
      <ul aria-label="Comptes" className="divide-y divide-black/10 rounded-xl border border-black/15">
        {comptes.map((c) => (
          <li key={c.username} className="flex items-start gap-3 px-3 py-2">
            <input
              type="checkbox"
              id={`choix-${c.username}`}
              checked={selected.has(c.username)}
              onChange={() => onToggle(c.username)}
              className="mt-1 h-6 w-6 shrink-0 accent-silo-green"
            />
            <label htmlFor={`choix-${c.username}`} className="min-w-0 flex-1 text-base">
              <span className="font-bold">{c.username}</span> · <span>{c.displayName}</span>
              <span className="block break-words text-neutral-800">{c.email ?? 'Aucune adresse électronique'}</span>
              <span className="block">
                <span className="font-semibold">{ETAT_LIBELLES[c.etat]}</span>
                {c.dernierEnvoi && <span> · dernier lien le {at(c.dernierEnvoi)}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <nav aria-label="Pages des comptes" className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className={OUTLINE} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Page précédente
        </button>
        <p className="px-2 text-base">
          Page {groupDigits(page)} sur {groupDigits(pages)} ({groupDigits(total)} {total === 1 ? 'compte' : 'comptes'})
        </p>
        <button type="button" className={OUTLINE} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Page suivante
        </button>
      </nav>
    </>
  )
}
