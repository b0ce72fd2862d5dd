// Says that a screen shows data kept on the device, and of when it dates (ARCHITECTURE "The
// offline design"): whenever the server does not answer (the connection state, whatever the
// interface says), or when the last refresh failed and the cache answers.
import { lastAnswer } from '../../api/connection'
import { offlineNoticeHtml } from '../../offline/kept-history'
import { useOnline } from './use-online'

export { formatSavedAt } from '../../offline/kept-history'

interface Props {
  /** When the data shown was fetched (a query's dataUpdatedAt), in ms; 0 when there is none. */
  dataUpdatedAt: number
  /** The last fetch failed while older data is on screen. */
  failed?: boolean
}

export function OfflineNotice({ dataUpdatedAt, failed = false }: Props) {
  const online = useOnline()
  const shown = !(online && !failed) && dataUpdatedAt > 0
  // A cache may have answered since the server last did: the data is no newer than that answer.
  const savedAt = lastAnswer() ? Math.min(dataUpdatedAt, lastAnswer()) : dataUpdatedAt
  // Its place is always there, empty online: the service worker fills it in the server's page it
  // kept, when it serves that page with no network (offline/kept-history), so the notice is on the
  // first paint, and the hydration finds the same element. One markup for both (OFFLINE_NOTICE_ATTRIBUTE).
  return <div data-offline-notice="" dangerouslySetInnerHTML={{ __html: shown ? offlineNoticeHtml(savedAt) : '' }} />
}
