// POST /web/user/tournee (issue 52): an adviser's round of farms, prepared on the tablet before
// leaving the office. The server answers with its signed proof that this session chose these
// members (the choice proof of issue 25, naming several): the device switches between them with no
// network, and sends it with each member's reads and queued orders in CHOICE_PROOF_HEADER.
import * as v from 'valibot'
import { NumTiers } from './identifiants'

export const TOURNEE_PATH = '/web/user/tournee'
/** At most this many members in a round: a day's visits, with room to spare. */
export const TOURNEE_MAX = 15
export const TOURNEE_TROP_LONGUE = `Une tournée compte au plus ${TOURNEE_MAX} adhérents.`

const auPlusMax = (membres: string[]) => membres.length <= TOURNEE_MAX
export const TourneeBody = v.object({
  membres: v.pipe(
    // A bound on what is read before the count is checked (a round, not a member list).
    v.array(NumTiers),
    v.maxLength(200, TOURNEE_TROP_LONGUE),
    v.minLength(1, 'Choisissez au moins un adhérent.'),
    v.check(auPlusMax, TOURNEE_TROP_LONGUE),
  ),
})
export type TourneeBody = v.InferOutput<typeof TourneeBody>
/** The check whose refusal is 422 (a well-formed round, too long). */
export const TOURNEE_CHECKS = [auPlusMax] as const

export const Tournee = v.object({
  /** The members of the round, in the order chosen, with their names (the device's menu). */
  membres: v.array(v.object({ numTiers: v.string(), raisonSociale: v.string() })),
  /** Opaque to the browser: sent in CHOICE_PROOF_HEADER for any member of the round. */
  jeton: v.string(),
  /** ISO instant after which the server refuses it (24 hours). */
  expire: v.string(),
})
export type Tournee = v.InferOutput<typeof Tournee>
