// What a failed call tells the admin: the server's French reason (cart-orders-admin §8), and that
// nothing typed is lost.
import { ApiError, NetworkError } from '../../../api/api-error'
import { errorDialog } from '../../../domain/http-status'

export function failureText(action: 'enregistrement' | 'suppression', error: unknown): string {
  const what = action === 'enregistrement' ? "Le message n'a pas été enregistré" : "Le message n'a pas été supprimé"
  if (error instanceof NetworkError) return `${what} : pas de réseau. Réessayez une fois connecté.`
  if (error instanceof ApiError) {
    const dialog = errorDialog(error.status, error.statusText, error.reason)
    return `${what}. ${dialog.raison ?? dialog.statut}`
  }
  return `${what}. ${error instanceof Error ? error.message : String(error)}`
}
