// Ends the session and erases what this user saw from a possibly shared device: the cart (the
// farmer chose to abandon it), recent deliveries, persisted queries, the API's Cache Storage.
// Unsent orders are kept, sealed until this user signs in here again (offline/seal; the returned
// count lets the caller tell the user).
import type { Query, QueryClient } from '@tanstack/react-query'
import { forgetSnapshots } from '../../../api/hors-connexion'
import { endScope } from '../../../api/session-scope'
import { markSignedOut, settleSignOut } from '../../../api/signed-out'

export async function signOut(queryClient: QueryClient): Promise<{ keptUnsent: number }> {
  // Signed out on this device at once, network or not: the marker makes every reopening show the
  // sign-in page, and the server ends the session with the first request that reaches it. The
  // logout call goes now, and again whenever the server answers until it has (api/signed-out):
  // nothing waits for it, so a half-open connection never holds the sign-out.
  markSignedOut()
  // The preparation stops (not waited for: offline, its calls would hold the sign-out).
  void endScope()
  void settleSignOut()
  // Reads still under way (the preparation's too) end now: none lands in a cache after the erase.
  await queryClient.cancelQueries()
  queryClient.clear()
  forgetSnapshots()
  // Dexie loads only here, not in the first screen's bundle.
  const [{ signOutDevice }, leaver] = await Promise.all([
    import('../../../offline/seal'),
    import('../../../offline/last-leaver'),
  ])
  // What this sign-out seals is the leaving person's: the sign-in page will not call it another
  // user's to them (issue 43, item 11).
  const before = await leaver.sealedIds().catch(() => null)
  const result = await signOutDevice()
  if (before) await leaver.rememberLeaver(before).catch(() => undefined)
  return result
}

/** The last "Changer de client" under way (its end of the choice on the server, its member's data
 * cleared), or done. */
let ending: Promise<unknown> = Promise.resolve()

/**
 * Resolves once the last "Changer de client" is over: a member chosen on the selection page waits
 * for it, else its end of the choice (sent after the page is shown) could reach the server after
 * the new choice and undo it, and its cancelling the member's queries cancel the new member's
 * first load (seen in CI: the adviser sent to the sign-in page, "route load failed CancelledError").
 */
export const previousChoiceEnded = (): Promise<unknown> => ending

/**
 * Staff acting for a member: "logout" ends the acting-for, resets the state and goes back to the
 * member selection (ordering-area §4); the staff session itself goes on. `leaveScreens` goes to
 * the selection page first: the member's screens, still mounted, would fetch again once the choice
 * is ended and be refused.
 */
export function stopActingFor(
  queryClient: QueryClient,
  leaveScreens: () => Promise<unknown>,
): Promise<{ keptUnsent: number }> {
  const done = endChoice(queryClient, leaveScreens)
  ending = done.catch(() => undefined)
  return done
}

async function endChoice(queryClient: QueryClient, leaveScreens: () => Promise<unknown>) {
  await leaveScreens()
  const { isMemberSearchKey, setActingFor } = await import('../../../api/tiers-search')
  // The preparation stops first and its calls on the way settle (they would be refused once the
  // choice ends), then the screens' reads still on their way are aborted.
  await endScope()
  // The staff's member search is theirs, not the member's: a search typed on the selection page
  // while the change is still under way is neither cancelled nor removed (removed while on its
  // way, it was cancelled silently and the page said "Recherche…" for good; seen in CI).
  const ofTheMember = (query: Query): boolean => !isMemberSearchKey(query.queryKey)
  await queryClient.cancelQueries({ predicate: ofTheMember })
  await setActingFor(null).catch(() => undefined)
  queryClient.removeQueries({ predicate: ofTheMember })
  queryClient.getMutationCache().clear()
  forgetSnapshots()
  const { wipeLocalData } = await import('../../../offline/wipe')
  return wipeLocalData()
}
