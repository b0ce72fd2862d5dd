// The wire's own constants: what a request may carry and how the server answers it. The domain,
// the screens and the server read them from here (the contract is the floor: it imports nothing
// of theirs).

/** The cooperative's entity, sent with the catalog calls (numEntite). */
export const CODE_ENTITE = 'AGR'
/** A member or article search needs this many characters (cart-orders-admin §5). */
export const RECHERCHE_MIN_CARACTERES = 3
/** The survey's comment, at most (ordering-area §9). */
export const COMMENTAIRE_QUESTIONNAIRE_MAX = 1000
/** One page of the delivery history on a phone. */
export const HISTORIQUE_LIGNES_MOBILE = 12

/** The two parameter sets of cart-orders-admin §7 (their keys' prefixes are the domain's). */
export const JEUX_PARAMETRES = ['DEFAULT', 'CDEA'] as const
export type JeuParametres = (typeof JEUX_PARAMETRES)[number]

/** The product's texts the contract's checks answer with (the domain's MESSAGES includes them). */
export const WIRE_MESSAGES = {
  rechercheMin: 'Veuillez entrer au minimum 3 caratères',
  valeurInvalide: 'Valeur invalide',
} as const
