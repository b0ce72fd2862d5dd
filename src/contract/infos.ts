import * as v from 'valibot'

export const INFOS_PATHS = {
  version: '/public/infos/version',
  urlPortail: '/public/infos/url-portail',
  pret: '/public/infos/pret',
} as const

export const VersionInfo = v.object({ version: v.string() })
export type VersionInfo = v.InferOutput<typeof VersionInfo>

export const UrlPortail = v.object({ url: v.string() })
export type UrlPortail = v.InferOutput<typeof UrlPortail>

/** Readiness: does the database answer, and has the process memory left? (503 with a message
 * when either is not the case.) */
export const Pret = v.object({
  base: v.picklist(['disponible', 'indisponible']),
  /** The process's heap: 'haute' near its limit (the instance should get no new traffic). */
  memoire: v.optional(v.picklist(['normale', 'haute'])),
  message: v.optional(v.string()),
})
export type Pret = v.InferOutput<typeof Pret>
