import { useMatches } from '@tanstack/react-router'

export interface TitledMatch {
  id: string
  title: string
  pathname: string
}

/** The titled ones of the router's matches, root first. */
export const titledMatches = (
  matches: readonly { id: string; pathname: string; staticData: { title?: string } }[],
): TitledMatch[] =>
  matches.flatMap((m) => (m.staticData.title ? [{ id: m.id, title: m.staticData.title, pathname: m.pathname }] : []))

/** The chain of route titles from the root to the current route (staticData.title). */
export function useTitleChain(): TitledMatch[] {
  return useMatches({ select: titledMatches, structuralSharing: true })
}

/** "Silo > Mon panier > Règlement" (cart-orders-admin §2). */
export const pageTitle = (chain: readonly TitledMatch[]) => ['Silo', ...chain.map((m) => m.title)].join(' > ')
