import { useLiveQuery } from 'dexie-react-hooks'
import { db } from './db'

/** Orders and surveys not yet received by the cooperative, on this device; live (undefined while read). */
export function useUnsentCount(): number | undefined {
  return useLiveQuery(() => db.outbox.where('status').anyOf('pending', 'sending').count(), [])
}

/**
 * Whether this user's outbox needs the shell: something waits to be sent, or the cooperative
 * refused an order the user has not seen yet. The sender and its status line are loaded only then
 * (the usual empty outbox costs the first screen nothing); undefined while read.
 */
export function useOutboxNeedsAttention(owner: string): boolean | undefined {
  return useLiveQuery(
    async () =>
      (await db.outbox
        .where('status')
        .anyOf('pending', 'sending', 'rejected')
        .filter((r) => r.owner === owner && !(r.status === 'rejected' && r.acknowledged))
        .count()) > 0,
    [owner],
  )
}
