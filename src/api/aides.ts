import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Aide, aidePath } from '../contract/aides'

export const aideQueryOptions = (cle: string) =>
  queryOptions({ queryKey: ['aide', cle], queryFn: () => request(aidePath(cle), Aide), staleTime: 24 * 60 * 60_000 })
