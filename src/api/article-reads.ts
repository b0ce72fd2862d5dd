// The per-article reads (issue 29): what the order-line form and the payment step read for one
// article — its supplements, minerals, parameters, delivery constraints and address check per
// address, the customer's terms for it. Since issue 50 they are answered from the member's
// snapshot for no signal (api/hors-connexion) and never kept on the device themselves
// (app/query-persistence): the snapshot is their copy.
import type { QueryKey } from '@tanstack/react-query'

const PER_ARTICLE = new Set([
  'supplementations',
  'mineraux',
  'contraintes-livraison',
  'validation-adresse',
  'reglement-tiers',
])

/** The query is one article's read (the customer's own parameters, with no article, are not). */
export const isArticleRead = (key: QueryKey): boolean =>
  PER_ARTICLE.has(String(key[0])) || (key[0] === 'parametres-commande' && key[2] != null)
