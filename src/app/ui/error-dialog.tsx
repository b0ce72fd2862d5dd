// The global dialog for failed HTTP requests (cart-orders-admin §8): 'Erreur', the status and its
// label, 'Raison : ' and the server's message, and 'Fermer'. Texts come from src/domain.
import { useSyncExternalStore } from 'react'
import { ApiError } from '../../api/api-error'
import { errorDialog, type ErrorDialog } from '../../domain/http-status'
import { Modal } from './modal'

let current: ErrorDialog | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/**
 * Shows an answer of the server as the global error dialog. A 401 is the session's business
 * (refresh, then sign-in), and a network failure is not an answer: offline is normal in a barn,
 * the screens say so themselves.
 */
export function reportApiError(error: unknown) {
  if (!(error instanceof ApiError) || error.status === 401) return
  current = errorDialog(error.status, error.statusText, error.reason)
  emit()
}

/** The same dialog for a refusal learned apart from a request of this page: an order the outbox
 * sent that the server refused with another status than 409 (cart-orders-admin §7, §8). */
export function reportRefusal(status: number, reason?: string | null) {
  current = errorDialog(status, undefined, reason)
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function GlobalErrorDialog() {
  const dialog = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  const close = () => {
    current = null
    emit()
  }
  return (
    <Modal open={dialog !== null} title={dialog?.titre ?? 'Erreur'} onClose={close} role="alertdialog">
      {dialog && (
        <>
          <p className="text-lg font-semibold">{dialog.statut}</p>
          {dialog.raison && <p className="mt-2 text-base">{dialog.raison}</p>}
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              onClick={close}
              className="touch-target rounded-xl bg-silo-green px-8 text-lg font-bold text-white"
            >
              {dialog.fermer}
            </button>
          </div>
        </>
      )}
    </Modal>
  )
}
