// The cooperative's identifiers, one rule each (issue 49): the import's files
// (src/contract/import/kinds-*.ts), the routes' parameters and bodies, the ERP's calls and the
// app's links all check the same rule here, so that a number the import takes is one every route
// takes (an imported member C-4501 nobody could act for, an order H000002 listed but whose detail
// answered 400, were two rules disagreeing).
//
// - numTiers: digits. It is the member's sign-in identifier (ordering-area §6: "the customer
//   number used is the chosen one, or the user's username"), in every path /web/v1/tiers/{numTiers},
//   and the staff's search tells a number from a name by its digits: a file with another format is
//   refused, not carried everywhere.
// - numero (an order): Silo numbers its own orders with digits, but the past orders the import
//   brings (Commandes internet) keep the number the ERP and the farmer know them by (H000002):
//   the detail route, the ERP's steps and deliveries accept it. No '/' (it is a path segment), and
//   30 characters at most so that the delivery number Silo makes from it (C<numero>-<idLigne>)
//   stays a delivery number.
// - numArticle: digits and capital letters, a path segment of the article routes.
// - idLigne: three digits, as the spec says; the ERP's steps name the line by it.
// - numLivraison, numContrat, numLot: the ERP's numbers, as the ERP writes them ('/' allowed: they
//   never make a path segment). Letters are ASCII: they travel in URLs and to the ERP.
import * as v from 'valibot'

export interface RegleIdentifiant {
  regex: RegExp
  /** The French reason a refused value gets, everywhere (a route's 400, an import row). */
  message: string
  /** What docs/import.md says of the format. */
  format: string
}

const codeRule = (nom: string, max: number, slash: boolean): RegleIdentifiant => {
  const signes = slash ? '. _ / ou -' : '. _ ou -'
  return {
    regex: new RegExp(`^[A-Za-z0-9][A-Za-z0-9._${slash ? '/' : ''}-]{0,${max - 1}}$`),
    message: `${nom} : 1 à ${max} lettres sans accent, chiffres, ${signes}, commençant par une lettre ou un chiffre`,
    format: `1 à ${max} lettres sans accent, chiffres, ${signes} (commence par une lettre ou un chiffre)`,
  }
}

export const REGLES = {
  numTiers: {
    regex: /^\d{1,10}$/,
    message: 'Numéro de tiers : 1 à 10 chiffres',
    format: '1 à 10 chiffres',
  },
  numCommande: codeRule('Numéro de commande', 30, false),
  numLivraison: codeRule('Numéro de livraison', 40, true),
  numContrat: codeRule('Numéro de contrat', 30, true),
  numLot: codeRule('Numéro de lot', 30, true),
  /** An article: what the paths /web/v1/articles/{type}/{num} have always taken. */
  numArticle: {
    regex: /^[0-9A-Z]{1,20}$/,
    message: 'Numéro d’article : 1 à 20 chiffres ou lettres majuscules sans accent',
    format: '1 à 20 chiffres ou lettres majuscules sans accent',
  },
  /** A line in its order: "idLigne (3-digit zero-padded sequence)" (ordering-area §3). */
  idLigne: {
    regex: /^\d{3}$/,
    message: 'idLigne : 3 chiffres attendus (001, 002…)',
    format: '3 chiffres (001, 002…)',
  },
} as const satisfies Record<string, RegleIdentifiant>

const schemaOf = (r: RegleIdentifiant) => v.pipe(v.string(r.message), v.regex(r.regex, r.message))

export const NumTiers = schemaOf(REGLES.numTiers)
export const NumCommande = schemaOf(REGLES.numCommande)
export const NumLivraison = schemaOf(REGLES.numLivraison)
export const NumLot = schemaOf(REGLES.numLot)
export const IdLigne = schemaOf(REGLES.idLigne)
export const NumArticle = schemaOf(REGLES.numArticle)

/** A body's optional identifier: absent, null or '' (the cart's "none") are none; anything else follows the rule. */
export const ouVide = (r: RegleIdentifiant) => v.nullish(v.union([v.literal(''), schemaOf(r)], r.message))
