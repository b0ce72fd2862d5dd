// When localStorage is full (about 5 MB), the persister calls this to save less (issue 24): the
// queries an order needs offline — reference data, the customer, the articles and what the
// order-line form and the payment step read — go last; the pages the farmer only reads (history,
// orders, lots, contracts) go first, oldest first, a tenth at a time. Only the saved copy shrinks:
// the screens keep their data in memory, and the cart and the outbox are in IndexedDB (Dexie),
// never touched here. Kept tiny: it loads with the first screen.
import type { PersistRetryer } from '@tanstack/react-query-persist-client'

const ORDER_NEEDS =
  /^(user|referentiel|tiers|articles|parametres-commande|reglement|supplementations|mineraux|contraintes|batiments)/

export const dropLeastNeeded: PersistRetryer = ({ persistedClient: p }) => {
  const all = p.clientState.queries
  // Needed ones after all others (dataUpdatedAt is far below 1e15 ms), oldest first within each.
  const rank = (q: (typeof all)[number]) => (ORDER_NEEDS.test(String(q.queryKey[0])) ? 1e15 : 0) + q.state.dataUpdatedAt
  const gone = new Set([...all].sort((a, b) => rank(a) - rank(b)).slice(0, Math.ceil(all.length / 10)))
  return all.length ? { ...p, clientState: { ...p.clientState, queries: all.filter((q) => !gone.has(q)) } } : undefined
}
