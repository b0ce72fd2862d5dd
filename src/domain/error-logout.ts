// The error-logout page's causes (ordering-area §2 "error-logout causes", §8). Which cause a
// refusal leads to is decided where the app meets it (app/features/session/resolve-access.ts).

const CAUSES = {
  TIERS_NON_RECONNU: 'TIERS_NON_RECONNU',
  ADHERENT_VGM: 'ADHERENT_VGM',
  ACCES_NON_AUTHORISE: 'ACCES_NON_AUTHORISE',
} as const
type Cause = (typeof CAUSES)[keyof typeof CAUSES]

const TITRE_ERREUR_LOGOUT = 'Accès non autorisé'

export interface ErrorLogoutPage {
  titre: string
  texte: string
  /** The button back to the provider's portal (hidden for VGM members). */
  boutonPortail: boolean
}

// Only 'Numéro de tiers non reconnu' is worded by the spec; the other texts say what it describes.
const TEXTES: Record<Cause, string> = {
  TIERS_NON_RECONNU: 'Numéro de tiers non reconnu',
  ADHERENT_VGM: 'Veuillez contacter votre conseiller ou votre maison régionale.',
  ACCES_NON_AUTHORISE: "Vous n'avez pas accès au site de commande.",
}
const TEXTE_AUTRE = 'Le site de commande sera disponible à partir de février 2021.'

export function errorLogoutPage(cause: unknown): ErrorLogoutPage {
  const known = typeof cause === 'string' && Object.hasOwn(TEXTES, cause) ? (cause as Cause) : null
  return {
    titre: TITRE_ERREUR_LOGOUT,
    texte: known ? TEXTES[known] : TEXTE_AUTRE,
    boutonPortail: known !== CAUSES.ADHERENT_VGM,
  }
}
