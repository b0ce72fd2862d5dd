// The device is the signed-in user's now (issue 25, item 1): other users' unsent work is sealed
// and their copies dropped; this user's, sealed here before, comes back and leaves. Run once the
// first screen is shown (outbox-watch, admin-shell load this lazily): Dexie and Web Crypto never
// delay it, and nothing of another user is shown meanwhile (every read is by owner).
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { meQueryOptions } from '../../../api/user'

let adopted: string | null = null

/** Once per page and user (again after the sign-in page sealed everything). */
export function useDeviceAdoption(owner: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const me = queryClient.getQueryData(meQueryOptions().queryKey)
    const cle = me?.cleScellement
    if (adopted === owner || !cle) return
    adopted = owner
    // The keys from before a rotation of the server's keys open what was sealed then.
    const previous = me.clesScellementPrecedentes
    void import('../../../offline/seal').then((m) => m.adoptAndSend(owner, cle, previous)).catch(() => (adopted = null)) // tried again at the next mount
    // Someone is signed in here now: whoever signed out before is "another user" again (issue 43).
    void import('../../../offline/last-leaver').then((m) => m.forgetLeaver()).catch(() => undefined)
  }, [owner, queryClient])
}

/** The sign-in page sealed everyone's work: the next sign-in adopts the device again. */
export const forgetDeviceAdoption = () => {
  adopted = null
}
