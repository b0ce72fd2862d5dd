// The error-logout page's causes (ordering-area §2 "error-logout causes", §8).
import { CODES_ERREUR } from '../contract/error-codes'
import { ROLE } from './roles'

const CAUSES = {
  TIERS_NON_RECONNU: 'TIERS_NON_RECONNU',
  ADHERENT_VGM: 'ADHERENT_VGM',
  ACCES_NON_AUTHORISE: 'ACCES_NON_AUTHORISE',
} as const
export type Cause = (typeof CAUSES)[keyof typeof CAUSES]

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

/** Which cause a failure leads to: 403 on user load, TIERS_INEXISTANT, the VGM role. */
export function causeFor(input: {
  status?: number | null
  code?: string | null
  roles?: readonly string[] | null
}): Cause | null {
  if (input.roles?.includes(ROLE.ADHERENT_VGM)) return CAUSES.ADHERENT_VGM
  if (input.code === CODES_ERREUR.TIERS_INEXISTANT) return CAUSES.TIERS_NON_RECONNU
  if (input.status === 403) return CAUSES.ACCES_NON_AUTHORISE
  return null
}
