// Errors a handler throws to answer with a status and a French reason (never a bare 500).
import { CODES_ERREUR } from '../../contract/error-codes'
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code)
export const unauthorized = (message = 'Authentification requise') =>
  new HttpError(401, message, CODES_ERREUR.NON_AUTHENTIFIE)
export const forbidden = (message = 'Vous n’avez pas accès à ce client.') =>
  new HttpError(403, message, CODES_ERREUR.ACCES_NON_AUTHORISE)
export const notFound = (message: string, code?: string) => new HttpError(404, message, code)
