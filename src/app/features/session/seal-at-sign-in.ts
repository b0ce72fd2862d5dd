// The sign-in page: nobody is signed in here, so whatever was left in clear is sealed
// (offline/seal). Both sign-in pages run it (the app's route and the server's static page).
import { deviceHoldsData } from '../../../offline/db-presence'

/** Seals every user's work on this device; true when orders wait for their owner, another user
 * than the one who has just signed out here (their own are no other user's: issue 43). */
export async function sealAtSignIn(): Promise<boolean> {
  // A first visit holds no database: nothing to seal, nothing waiting, Dexie not loaded.
  if (!(await deviceHoldsData())) return false
  const [{ sealEveryone }, { othersSealedOrders }] = await Promise.all([
    import('../../../offline/seal'),
    import('../../../offline/last-leaver'),
  ])
  await sealEveryone()
  return (await othersSealedOrders()) > 0
}
