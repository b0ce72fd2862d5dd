// API keys of the integration routes (issue 41): made and revoked with `npm run api-key`, sent as
// `Authorization: Bearer <key>`. A key is 32 random bytes: only its SHA-256 is stored (a fast
// hash is enough for a key nobody chose), with its first characters to tell keys apart in a list.
// Every use is counted on the key's row in PostgreSQL, so the rate limit holds across instances:
// one UPDATE checks the key, moves the window and counts, under the row's lock (a burst of
// concurrent requests is counted exactly).
import { createHash, randomBytes } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { selectRows } from '../db/raw'
import { apiKeys } from '../db/schema'

const KEY_PATTERN = /^silo_[A-Za-z0-9_-]{43}$/
/** The rate limit's window: a key may make `limit` requests in any such window begun by one of them. */
const RATE_WINDOW_SECONDS = 60

export const digest = (key: string) => createHash('sha256').update(key).digest('hex')

export interface CreatedKey {
  id: number
  nom: string
  /** Shown once, never stored. */
  key: string
}

export async function createApiKey(db: Db, nom: string): Promise<CreatedKey> {
  const name = nom.trim()
  if (!name || name.length > 100) throw new Error('Nom de clé attendu (1 à 100 caractères).')
  if (/^\d+$/.test(name))
    throw new Error('Le nom d’une clé ne peut pas être un nombre (revoke le prendrait pour un numéro).')
  const key = `silo_${randomBytes(32).toString('base64url')}`
  const [row] = await db
    .insert(apiKeys)
    .values({ nom: name, empreinte: digest(key), prefixe: key.slice(0, 12) })
    .onConflictDoNothing({ target: apiKeys.nom })
    .returning({ id: apiKeys.id })
  if (!row) throw new Error(`Une clé nommée « ${name} » existe déjà.`)
  return { id: row.id, nom: name, key }
}

export interface KeyListing {
  id: number
  nom: string
  prefixe: string
  creeeA: Date
  derniereUtilisation: Date | null
  revoqueeA: Date | null
}

export const listApiKeys = (db: Db): Promise<KeyListing[]> =>
  db
    .select({
      id: apiKeys.id,
      nom: apiKeys.nom,
      prefixe: apiKeys.prefixe,
      creeeA: apiKeys.creeeA,
      derniereUtilisation: apiKeys.derniereUtilisation,
      revoqueeA: apiKeys.revoqueeA,
    })
    .from(apiKeys)
    .orderBy(asc(apiKeys.id))

/** Revokes the key of this id (digits) or name; null when there is none (or it was already revoked). */
export async function revokeApiKey(db: Db, idOrName: string): Promise<KeyListing | null> {
  const which = /^\d+$/.test(idOrName) ? eq(apiKeys.id, Number(idOrName)) : eq(apiKeys.nom, idOrName)
  const [row] = await db
    .update(apiKeys)
    .set({ revoqueeA: sql`coalesce(${apiKeys.revoqueeA}, now())` })
    .where(which)
    .returning()
  return row ?? null
}

export type KeyCheck =
  { state: 'valid'; id: number; nom: string } | { state: 'invalid' } | { state: 'limited'; retryAfterSeconds: number }

/**
 * Checks a presented key, records its use and counts it in its window (PostgreSQL's clock, the
 * same for every instance). Over `limit` in the window: limited, with the seconds until it ends.
 */
export async function checkApiKey(db: Db, key: string, limit: number): Promise<KeyCheck> {
  if (!KEY_PATTERN.test(key)) return { state: 'invalid' }
  // Counting is not worth a disk flush per request: a crash loses at most a few counts.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`)
    return selectRows<{ id: number; nom: string; compte: number; reste_ms: number }>(
      tx,
      sql`
        with t as (select clock_timestamp() as now)
        update ${apiKeys} k set
          derniere_utilisation = t.now,
          fenetre_debut = case when k.fenetre_debut is null or k.fenetre_debut <= t.now - make_interval(secs => ${RATE_WINDOW_SECONDS})
            then t.now else k.fenetre_debut end,
          fenetre_compte = case when k.fenetre_debut is null or k.fenetre_debut <= t.now - make_interval(secs => ${RATE_WINDOW_SECONDS})
            then 1 else k.fenetre_compte + 1 end
        from t
        where k.empreinte = ${digest(key)} and k.revoquee_a is null
        returning k.id, k.nom, k.fenetre_compte as compte,
          extract(epoch from (k.fenetre_debut + make_interval(secs => ${RATE_WINDOW_SECONDS}) - t.now)) * 1000 as reste_ms`,
    )
  })
  const [row] = rows
  if (!row) return { state: 'invalid' }
  if (Number(row.compte) > limit)
    return { state: 'limited', retryAfterSeconds: Math.max(1, Math.ceil(Number(row.reste_ms) / 1000)) }
  return { state: 'valid', id: row.id, nom: row.nom }
}
