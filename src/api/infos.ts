import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { INFOS_PATHS, UrlPortail, VersionInfo } from '../contract/infos'

export const versionQueryOptions = () =>
  queryOptions({
    queryKey: ['infos', 'version'],
    queryFn: () => request(INFOS_PATHS.version, VersionInfo),
    staleTime: Infinity,
    retry: 1,
  })

export const urlPortailQueryOptions = () =>
  queryOptions({
    queryKey: ['infos', 'url-portail'],
    queryFn: () => request(INFOS_PATHS.urlPortail, UrlPortail),
    staleTime: Infinity,
  })
