// The version of a member's snapshot for no signal (issue 50): read from PostgreSQL, so every
// instance gives the same, by one indexed read of versions_hors_connexion (kept by the statement
// triggers of migration 0008). It joins the row '*' (what every snapshot reads), the member's row
// and the Paris day (the snapshot depends on today: contracts valid today, the history's windows).
import { inArray } from 'drizzle-orm'
import type { DateTime } from 'luxon'
import type { Db } from '../db/client'
import { VERSION_GLOBALE, versionsHorsConnexion } from '../db/schema'

export interface VersionHorsConnexion {
  globale: number
  membre: number
  /** "<globale>-<membre>-<yyyymmdd>": the ETag's value, without quotes. */
  valeur: string
}

export async function versionHorsConnexion(db: Db, numTiers: string, now: DateTime): Promise<VersionHorsConnexion> {
  const rows = await db
    .select({ numTiers: versionsHorsConnexion.numTiers, version: versionsHorsConnexion.version })
    .from(versionsHorsConnexion)
    .where(inArray(versionsHorsConnexion.numTiers, [VERSION_GLOBALE, numTiers]))
  const globale = rows.find((r) => r.numTiers === VERSION_GLOBALE)?.version ?? 0
  const membre = (numTiers !== VERSION_GLOBALE && rows.find((r) => r.numTiers === numTiers)?.version) || 0
  return { globale, membre, valeur: `${globale}-${membre}-${now.toFormat('yyyyLLdd')}` }
}

/** Every snapshot moves: what the statement triggers do not see (the import, done with them off).
 * Plain SQL, for the import's own pg client. */
export const VERSION_GLOBALE_SUIVANTE = `insert into versions_hors_connexion (num_tiers, version)
  values ('${VERSION_GLOBALE}', nextval('versions_hors_connexion_seq'))
  on conflict (num_tiers) do update set version = excluded.version`

/** Whether an If-None-Match header names this version (a list, weak or strong, or *). */
export function matchesIfNoneMatch(header: string | undefined, valeur: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === `"${valeur}"` || t === `W/"${valeur}"`
  })
}
