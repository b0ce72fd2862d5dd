// Who left this device last (issue 43, item 11). "Déconnexion" seals the person's unsent orders
// (offline/seal.ts); the sign-in page then says "Des commandes d'un autre utilisateur attendent"
// when orders wait sealed. To the person who has just signed out, those are their own, not another
// user's: the device remembers which sealed rows their sign-out made (by the rows' random ids,
// nothing of the person), and the sign-in page counts only the others'. The next sign-in here
// forgets it (whoever signs in, the one who left before is no longer in front of the device). Work
// sealed by the sign-in page itself (a session that ended without a sign-out) is another user's to
// whoever comes next, as before.
import { db } from './db'

const KEY = 'silo-dernier-depart'

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

function leaverRows(): ReadonlySet<string> {
  try {
    const ids: unknown = JSON.parse(local()?.getItem(KEY) ?? '[]')
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [])
  } catch {
    return new Set()
  }
}

/** The sealed rows' ids now: before a sign-out seals, to tell its rows from those already there. */
export async function sealedIds(): Promise<string[]> {
  return (await db.sealed.toCollection().primaryKeys()).map(String)
}

/** After the sign-out sealed its person's work: the rows that were not there `before` are theirs. */
export async function rememberLeaver(before: readonly string[]): Promise<void> {
  const earlier = new Set(before)
  const theirs = (await sealedIds()).filter((id) => !earlier.has(id))
  local()?.setItem(KEY, JSON.stringify(theirs))
}

/** Someone signs in here: the one who left last is no longer the one in front of the device. */
export function forgetLeaver(): void {
  local()?.removeItem(KEY)
}

/** Orders sealed here for someone other than the person who signed out last. */
export async function othersSealedOrders(): Promise<number> {
  const theirs = leaverRows()
  return (await db.sealed.toArray()).filter((r) => !theirs.has(r.id)).reduce((n, r) => n + r.commandes, 0)
}
