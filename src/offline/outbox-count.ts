import { useLiveQuery } from 'dexie-react-hooks'
import { db } from './db'

/** Orders and surveys not yet received by the cooperative, on this device; live (undefined while read). */
export function useUnsentCount(): number | undefined {
  return useLiveQuery(() => db.outbox.where('status').anyOf('pending', 'sending').count(), [])
}
