// Says that a screen shows data kept on the device, and of when it dates (ARCHITECTURE "The
// offline design"): whenever the server does not answer (the connection state, whatever the
// interface says), or when the last refresh failed and the cache answers.
import { lastAnswer } from '../../api/connection'
import { formatDateCourte } from '../../domain/format'
import { parisDateOf, parisTimeOf } from '../../domain/paris-clock'
import { useOnline } from './use-online'

/** 'dd/MM/yyyy à HH:mm' in Paris (neither luxon nor Intl: this notice is on the first paint offline). */
export function formatSavedAt(millis: number): string {
  return `${formatDateCourte(parisDateOf(millis))} à ${parisTimeOf(millis)}`
}

interface Props {
  /** When the data shown was fetched (a query's dataUpdatedAt), in ms; 0 when there is none. */
  dataUpdatedAt: number
  /** The last fetch failed while older data is on screen. */
  failed?: boolean
}

export function OfflineNotice({ dataUpdatedAt, failed = false }: Props) {
  const online = useOnline()
  if ((online && !failed) || !dataUpdatedAt) return null
  // A cache may have answered since the server last did: the data is no newer than that answer.
  const savedAt = lastAnswer() ? Math.min(dataUpdatedAt, lastAnswer()) : dataUpdatedAt
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M23.64 7c-.45-.34-4.93-4-11.64-4-1.5 0-2.89.19-4.15.48L18.18 13.8 23.64 7zm-6.6 8.22L3.27 1.44 2 2.72l2.05 2.06C1.91 5.76.59 6.82.36 7l11.63 14.49.01.01.01-.01 3.9-4.86 3.32 3.32 1.27-1.27-3.46-3.46z" />
      </svg>
      <span>Hors connexion — données du {formatSavedAt(savedAt)}</span>
    </p>
  )
}
