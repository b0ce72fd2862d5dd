// How long the screens may show what the ERP changes as they last read it (issue 49 item 8). The
// ERP posts deliveries and order steps at any time (/api/integration/v1/…); the Historique
// (deliveries) and Commandes internet (orders and their steps) read them again, online, at a
// reload, a tap on the screen or the app coming back to the front (TanStack's refetch on mount
// and on focus, which is the page's visibility), once their copy is older than this. One rule for
// both lists, so the two screens never disagree for longer than that: at five minutes for the
// deliveries and one for the orders, an order read "Livrée" while the Historique, restored from
// the device's copy on a reload, asked nothing and did not show its delivery yet.
// Offline nothing changes: a failed read keeps the copy (and the screens say since when).
export const ERP_FRESH_MS = 60_000
