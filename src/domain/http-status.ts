// The global error dialog for failed HTTP requests (cart-orders-admin §8). Labels as in the product.

const LABELS: Readonly<Record<number, string>> = {
  400: 'Requête invalide',
  401: 'Non autorisé. Authentification requise',
  403: 'Non autorisé',
  404: 'Resource inexistante',
  409: 'Données envoyées invalides',
  500: 'Erreur technique du serveur',
  501: 'Non implémenté',
  502: 'Erreur passerelle',
  503: 'service non disponible',
  504: "Temps d'attente écoulé",
  999: 'Erreur inconue',
}

/** The label of a status; any other status reads 'Erreur inconue : ' plus the status text. */
export function httpStatusLabel(status: unknown, statusText?: unknown): string {
  const label = typeof status === 'number' && Object.hasOwn(LABELS, status) ? LABELS[status] : undefined
  return label ?? `Erreur inconue : ${typeof statusText === 'string' ? statusText : ''}`
}

export interface ErrorDialog {
  titre: 'Erreur'
  /** The status plus its label. */
  statut: string
  /** 'Raison : ' and the server's message, when there is one. */
  raison: string | null
  fermer: 'Fermer'
}

export function errorDialog(status: unknown, statusText?: unknown, reason?: unknown): ErrorDialog {
  const code = typeof status === 'number' && Number.isFinite(status) ? String(status) : ''
  const message = typeof reason === 'string' && reason.trim() ? reason : null
  return {
    titre: 'Erreur',
    statut: `${code} ${httpStatusLabel(status, statusText)}`.trim(),
    raison: message ? `Raison : ${message}` : null,
    fermer: 'Fermer',
  }
}
