// The cart as the screens watch it: re-read on every change, in this tab or another (Dexie's live
// queries). Apart from src/offline/cart.ts so that the service worker, which sends the outbox and
// puts refused lines back through cart.ts, does not carry React's hooks.
import { useLiveQuery } from 'dexie-react-hooks'
import type { CommentairesPanier } from '../domain/submission'
import type { CartLine } from '../domain/types'
import { readCartComments, readCartLines } from './cart'

/**
 * The cart screen's lines, re-rendered on every change (this tab or another). undefined while
 * the first read runs: the screen must not say "empty" before it knows.
 */
export function useCartLines(owner: string, numTiers: string): CartLine[] | undefined {
  return useLiveQuery(() => readCartLines(owner, numTiers), [owner, numTiers])
}

/** The comments, live; undefined while the first read runs. */
export function useCartComments(owner: string, numTiers: string): CommentairesPanier | undefined {
  return useLiveQuery(() => readCartComments(owner, numTiers), [owner, numTiers])
}
