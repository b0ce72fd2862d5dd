import * as v from 'valibot'
import { request } from './http-client'
import { ACTING_FOR_PATH, TIERS_SEARCH_PATH, TiersSearchResult } from '../contract/tiers-search'
import { Tournee, TOURNEE_PATH } from '../contract/tournee'

/** The member search's query key: the staff's own data, kept when they leave a member. */
export const memberSearchKey = (q: string) => ['tiers', 'search', q] as const
export const isMemberSearchKey = (key: readonly unknown[]): boolean => key[0] === 'tiers' && key[1] === 'search'

/** The signal cancels an earlier search still in flight when the text changes. */
export const searchTiers = (q: string, signal?: AbortSignal) =>
  request(TIERS_SEARCH_PATH, TiersSearchResult, { query: { q }, signal })

export const setActingFor = (numTiers: string | null) =>
  request(ACTING_FOR_PATH, v.object({ numTiers: v.nullable(v.string()) }), { method: 'PUT', body: { numTiers } })

/** POST /web/user/tournee: the server's proof that this session chose these members (issue 52). */
export const prepareRoundOnServer = (membres: string[]) =>
  request(TOURNEE_PATH, Tournee, { method: 'POST', body: { membres } })
