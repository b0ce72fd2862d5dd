// "Afficher plus de …" for a list paged from the server (the delivery history, the orders). Older
// pages need the network: offline, or when the last load failed, the button says why next to it
// instead of doing nothing (issue 24); it stays usable, so a tap once the signal is back loads.
import { useOnline } from './use-online'

interface Props {
  onClick: () => void
  loading: boolean
  disabled?: boolean
  /** The last load of a page failed (no answer). */
  failed?: boolean
  /** What the note says needs the network, e.g. "les livraisons plus anciennes". */
  older: string
  children: string
}

export function MoreButton({ onClick, loading, disabled = false, failed = false, older, children }: Props) {
  const online = useOnline()
  const blocked = !online || failed
  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={onClick}
        disabled={disabled || loading}
        className="touch-target w-full rounded-full border-2 border-silo-green px-[min(1.5rem,4vw)] text-[length:min(1rem,7vw)] font-semibold text-silo-green disabled:border-neutral-400 disabled:text-neutral-600 sm:w-auto"
      >
        {loading ? 'Chargement…' : children}
      </button>
      {blocked && !disabled && (
        <p role="status" className="mt-2 text-base font-semibold text-neutral-950">
          Hors connexion : {older} s’afficheront quand le réseau reviendra.
        </p>
      )}
    </div>
  )
}
