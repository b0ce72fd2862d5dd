// The service worker's copy of the server's history page (sw/kept-history.ts) follows what the
// device shows: when the history's first page changes online (a delivery the ERP posted, an order
// sent), the worker fetches the server's page again and keeps it, so the next start with no
// network paints what the farmer saw last, not what the last start showed.
import { isOnline } from '../../api/connection'
import { KEEP_HISTORY_MESSAGE } from '../../offline/kept-history'

export function askToKeepHistory(): void {
  if (!isOnline()) return
  navigator.serviceWorker?.controller?.postMessage({ type: KEEP_HISTORY_MESSAGE })
}
