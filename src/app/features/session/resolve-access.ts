// Who may enter the ordering area, and as which customer (ordering-area §4 and §6). One place,
// so the issues to come (contentieux dialog, connect-as) extend it instead of scattering checks.
import { CODES_ERREUR } from '../../../contract/error-codes'
import type { QueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError } from '../../../api/api-error'
import { deviceReadyForOwner, startedSignedIn } from '../../../api/device-owner'
import { meQueryOptions } from '../../../api/user'
import { roundChoice } from '../../../api/round'
import { settleSignOut, signOutPending } from '../../../api/signed-out'
import { tiersQueryOptions } from '../../../api/tiers'
import { incidentPaiementQueryOptions } from '../../../api/paiement'
import type { UserMe } from '../../../contract/user'
import type { Tiers } from '../../../contract/tiers'
import { canActForMembers, DEFAULT_STAFF_ROLES, isFarmer, isVgmMember } from '../../../domain/roles'

type ErrorCause = 'TIERS_NON_RECONNU' | 'ADHERENT_VGM' | 'ACCES_NON_AUTHORISE'

/** Where a refused user goes; the route turns it into a router redirect. */
export type AccessDenial =
  | { to: 'login'; redirectFrom?: string; error?: boolean }
  | { to: 'error-logout'; cause: ErrorCause }
  | { to: 'selection-tiers' }

export type Access =
  | { granted: true; user: UserMe; numTiers: string; tiers: Tiers; contentieux: boolean }
  | { granted: false; denial: AccessDenial }

/**
 * Which customer this user acts for, from the user alone: a farmer for themself (their username
 * is their customer number), staff for the member chosen in connect-as.
 */
function customerFor(user: UserMe): { numTiers: string } | AccessDenial {
  if (isVgmMember(user.roles)) return { to: 'error-logout', cause: 'ADHERENT_VGM' }
  if (isFarmer(user.roles)) return { numTiers: user.username }
  // An adviser on their round acts for the member chosen on this device (api/round, issue 52).
  const inRound = roundChoice()
  if (inRound) return { numTiers: inRound }
  if (user.actingFor) return { numTiers: user.actingFor }
  return { to: 'selection-tiers' }
}

/** A profile kept on the device by an older Silo has no agitPourAdherents (its type says it always
 * has): Silo's default staff roles decide for it until the server is asked again, so an adviser
 * offline after an upgrade is not turned away. */
const withStaffDecision = (user: UserMe): UserMe =>
  typeof (user.agitPourAdherents as boolean | undefined) === 'boolean'
    ? user
    : { ...user, agitPourAdherents: canActForMembers(user.roles, DEFAULT_STAFF_ROLES) }

/** The user, or where to send them (401 → login, 403 → not authorised). */
export async function loadUser(queryClient: QueryClient, href: string): Promise<{ user: UserMe } | AccessDenial> {
  // Signed out on this device, the server not told yet (no network then): whatever the session
  // cookie still says, the sign-in page, and nothing of the previous user's cache.
  if (signOutPending()) {
    queryClient.clear()
    void settleSignOut()
    return { to: 'login' }
  }
  // Another person than at the last start: their copies are gone before anything is asked.
  await deviceReadyForOwner()
  try {
    return { user: withStaffDecision(await queryClient.ensureQueryData(meQueryOptions())) }
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return { to: 'login', redirectFrom: href }
    // No session cookie and no network: nobody to show anything of.
    if (e instanceof NetworkError && !startedSignedIn()) return { to: 'login', redirectFrom: href }
    if (e instanceof ApiError && e.status === 403) return { to: 'error-logout', cause: 'ACCES_NON_AUTHORISE' }
    if (e instanceof ApiError) return { to: 'login', error: true }
    throw e // network failure with nothing cached: the route's error screen offers a retry
  }
}

export async function resolveAccess(queryClient: QueryClient, href: string): Promise<Access> {
  let loaded = await loadUser(queryClient, href)
  if ('to' in loaded) return { granted: false, denial: loaded }
  let customer = customerFor(loaded.user)
  if ('to' in customer && customer.to === 'selection-tiers') {
    // The profile kept on the device may predate the member's choice (a page opened right after
    // choosing, before the copy was saved again): before sending staff back to the member search,
    // the server says whom they act for. Offline, the device's profile stands.
    const fresh = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => null)
    if (fresh) {
      loaded = { user: withStaffDecision(fresh) }
      customer = customerFor(loaded.user)
    }
  }
  if ('to' in customer) return { granted: false, denial: customer }
  try {
    const tiers = await queryClient.ensureQueryData(tiersQueryOptions(customer.numTiers))
    const contentieux = await hasBlockingIncident(queryClient, customer.numTiers)
    return { granted: true, user: loaded.user, numTiers: customer.numTiers, tiers, contentieux }
  } catch (e) {
    if (e instanceof ApiError && e.code === CODES_ERREUR.TIERS_INEXISTANT)
      return denied({ to: 'error-logout', cause: 'TIERS_NON_RECONNU' })
    // The office took the member out of the adviser's portfolio: they choose another one.
    if (e instanceof ApiError && e.code === CODES_ERREUR.HORS_PORTEFEUILLE) return denied({ to: 'selection-tiers' })
    if (e instanceof ApiError && e.status === 403) return denied({ to: 'error-logout', cause: 'ACCES_NON_AUTHORISE' })
    if (e instanceof ApiError && e.status === 401) return denied({ to: 'login', redirectFrom: href })
    throw e
  }
}

/**
 * A blocking payment incident. Unknown (offline with nothing cached) counts as none: the farmer
 * keeps their cart and their reading, and the server checks again when the order is sent.
 */
async function hasBlockingIncident(queryClient: QueryClient, numTiers: string): Promise<boolean> {
  try {
    return (await queryClient.ensureQueryData(incidentPaiementQueryOptions(numTiers))).bloquant
  } catch {
    return false
  }
}

const denied = (denial: AccessDenial): Access => ({ granted: false, denial })
