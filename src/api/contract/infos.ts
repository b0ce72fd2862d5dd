import * as v from 'valibot'

export const INFOS_PATHS = { version: '/public/infos/version', urlPortail: '/public/infos/url-portail' } as const

export const VersionInfo = v.object({ version: v.string() })
export type VersionInfo = v.InferOutput<typeof VersionInfo>

export const UrlPortail = v.object({ url: v.string() })
export type UrlPortail = v.InferOutput<typeof UrlPortail>
