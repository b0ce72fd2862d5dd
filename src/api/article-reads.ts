// The per-article reads (issue 29): what the order-line form and the payment step read for one
// article — its supplements, minerals, parameters, delivery constraints and address check per
// address, the customer's terms for it. The preparation for no signal asks them for every article
// the customer may order: some three hundred queries, four fifths of the device's copy. They are
// kept apart from the first screen's copy (offline/article-copy: in IndexedDB, restored once the
// first screen is shown), so that a start reads, parses and restores only what it shows.
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

let restored: Promise<void> = Promise.resolve()

/** Resolves once the device's copy of the per-article reads is back in the query cache (at once
 * when none is being restored): what counts what is missing waits for it. */
export const articleCopyRestored = (): Promise<void> => restored

/** The app started restoring that copy. */
export function restoringArticleCopy(done: Promise<unknown>): void {
  restored = done.then(
    () => undefined,
    () => undefined,
  )
}
