import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { USER_PATHS, UserMe } from '../contract/user'

const fetchMe = () => request(USER_PATHS.me, UserMe, { headers: { 'Cache-Control': 'no-cache' } })

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'me'],
    queryFn: fetchMe,
    staleTime: 60_000,
    retry: false,
    meta: { errorDialog: false },
  })
