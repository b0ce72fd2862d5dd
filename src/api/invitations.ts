import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import {
  EnvoiInvitations,
  INVITATIONS_ENVOI_PATH,
  INVITATIONS_PATH,
  Invitations,
  type EnvoiInvitationsBody,
  type EtatInvitation,
} from '../contract/invitations'

export interface InvitationsFilter {
  etat: EtatInvitation | null
  page: number
  recherche: string
}

/** The accounts by state and a page of them: always read afresh (a send moves them). */
export const invitationsQueryOptions = (f: InvitationsFilter) =>
  queryOptions({
    queryKey: ['invitations', f.etat, f.page, f.recherche],
    queryFn: ({ signal }) =>
      request(INVITATIONS_PATH, Invitations, {
        query: { etat: f.etat ?? undefined, page: f.page, recherche: f.recherche || undefined },
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    networkMode: 'online',
  })

export const sendInvitations = (body: EnvoiInvitationsBody) =>
  request(INVITATIONS_ENVOI_PATH, EnvoiInvitations, { method: 'POST', body, timeoutMs: 120_000 })
