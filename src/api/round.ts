// The adviser's round (issue 52), as this device keeps it: the members chosen before leaving the
// office, the server's proof that this session chose them (POST /web/user/tournee), and which of
// them the adviser is acting for now. Switching between them is made here, on the device, with no
// network: the screens read the member chosen here (app/features/session/resolve-access), and every
// request for a member of the round carries the proof (api/http-client), which the server checks.
//
// Kept in the signed-in person's storage (api/device-owner), under a key the persisted query cache's
// rules also drop: with the cache, the round goes at sign-out and when another person signs in here
// (api/others-copies), and is never read for anyone else.
import * as v from 'valibot'
import { Tournee } from '../contract/tournee'
import { CHOICE_PROOF_HEADER } from '../contract/user'
import { ownerStorage, QUERY_CACHE_KEY } from './device-owner'

const ROUND_KEY = `${QUERY_CACHE_KEY}-tournee`
const CHOICE_KEY = `${QUERY_CACHE_KEY}-tournee-choix`

const listeners = new Set<() => void>()
const changed = () => listeners.forEach((l) => l())
export function subscribeRound(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

let cached: { text: string | null; round: Tournee | null } | null = null

/** The round on this device, or null (none, or its proof has expired: it is dropped then). */
export function readRound(now = Date.now()): Tournee | null {
  const text = ownerStorage().getItem(ROUND_KEY)
  if (cached?.text !== text) {
    let round: Tournee | null = null
    try {
      const parsed = v.safeParse(Tournee, text ? JSON.parse(text) : null)
      round = parsed.success ? parsed.output : null
    } catch {
      round = null
    }
    cached = { text, round }
  }
  const round = cached.round
  if (round && Date.parse(round.expire) <= now) return null
  return round
}

export function saveRound(round: Tournee): void {
  ownerStorage().setItem(ROUND_KEY, JSON.stringify(round))
  changed()
}

/** Removes one member from the round (the last one ends it). */
export function removeFromRound(numTiers: string): void {
  const round = readRound()
  if (!round) return
  const membres = round.membres.filter((m) => m.numTiers !== numTiers)
  if (membres.length === 0) endRound()
  else saveRound({ ...round, membres })
  if (roundChoice() === numTiers) ownerStorage().removeItem(CHOICE_KEY)
}

function endRound(): void {
  ownerStorage().removeItem(ROUND_KEY)
  ownerStorage().removeItem(CHOICE_KEY)
  changed()
}

/** Whether numTiers is a member of the round on this device, its proof still good. */
export const inRound = (numTiers: string, now = Date.now()): boolean =>
  readRound(now)?.membres.some((m) => m.numTiers === numTiers) ?? false

/** The proof to send with a request for numTiers: the round's, when numTiers is in it. */
export const roundProofFor = (numTiers: string): string | null => (inRound(numTiers) ? readRound()!.jeton : null)

/** The member of the round the adviser chose on this device, when it is still in the round. */
export function roundChoice(): string | null {
  const chosen = ownerStorage().getItem(CHOICE_KEY)
  return chosen && inRound(chosen) ? chosen : null
}

/** Acts for a member of the round, on this device only (no network needed). */
export function chooseInRound(numTiers: string): void {
  if (!inRound(numTiers)) throw new Error(`${numTiers} n'est pas dans la tournée`)
  ownerStorage().setItem(CHOICE_KEY, numTiers)
  changed()
}

/** The choice made on this device ends (a member chosen on the server instead). */
export function leaveRoundChoice(): void {
  ownerStorage().removeItem(CHOICE_KEY)
  changed()
}

/** The member a request's path is for (/web/v1/tiers/{numTiers}/…), or null. */
function memberOfPath(path: string): string | null {
  const m = /^\/web\/v1\/tiers\/([^/?#]+)\//.exec(path)
  if (!m) return null
  try {
    return decodeURIComponent(m[1]!)
  } catch {
    return null
  }
}

/** A request for a member of the round carries the round's proof (api/http-client's setHeadersFor):
 * the server lets this session act for that member without choosing them again. */
export function roundProofHeaders(path: string): Record<string, string> {
  const member = memberOfPath(path)
  const proof = member ? roundProofFor(member) : null
  return proof ? { [CHOICE_PROOF_HEADER]: proof } : {}
}
