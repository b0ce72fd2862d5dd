// API keys of the integration routes (issue 41): made and revoked with `npm run api-key`, sent as
// `Authorization: Bearer <key>`. A key is 32 random bytes: only its SHA-256 is stored (a fast
// hash is enough for a key nobody chose), with its first characters to tell keys apart in a list.
// Every use is counted on the key's row in PostgreSQL, so the rate limit holds across instances:
// one UPDATE checks the key, moves the window and counts, under the row's lock (a burst of
// concurrent requests is counted exactly). A key has a scope (lecture: the feed; ecriture: the
// steps and deliveries; lecture-ecriture: both) and may have an end (expire_a, issue 49).
// A key that opens nothing (unknown, malformed, revoked) is counted against its client address in
// login_attempts (`cle-api-ip:<address>`): 30 in a minute, then 429 for the rest of that minute,
// whatever the key. The same single statement checks the key and, when it opens nothing, counts
// the failure: a wrong key costs that one statement, no more.
import { createHash, randomBytes } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { selectRows } from '../db/raw'
import { apiKeys } from '../db/schema'

const KEY_PATTERN = /^silo_[A-Za-z0-9_-]{43}$/
/** The rate limit's window: a key may make `limit` requests in any such window begun by one of them. */
const RATE_WINDOW_SECONDS = 60
/** Keys that open nothing, per client address and per minute (the window begun by the first). */
export const CLE_API_ECHECS_PAR_MINUTE = 30
const FAILURE_WINDOW_SECONDS = 60

export const PORTEES = ['lecture', 'ecriture', 'lecture-ecriture'] as const
export type Portee = (typeof PORTEES)[number]
/** What a route needs: reading the feed, or writing steps and deliveries. */
export type Besoin = 'lecture' | 'ecriture'
export const porteeOuvre = (portee: string, besoin: Besoin) => portee === 'lecture-ecriture' || portee === besoin

export const digest = (key: string) => createHash('sha256').update(key).digest('hex')

export interface CreatedKey {
  id: number
  nom: string
  portee: Portee
  expireA: Date | null
  /** Shown once, never stored. */
  key: string
}

export async function createApiKey(
  db: Db,
  nom: string,
  opts: { portee?: Portee; expireA?: Date | null } = {},
): Promise<CreatedKey> {
  const name = nom.trim()
  if (!name || name.length > 100) throw new Error('Nom de clé attendu (1 à 100 caractères).')
  if (/^\d+$/.test(name))
    throw new Error('Le nom d’une clé ne peut pas être un nombre (revoke le prendrait pour un numéro).')
  const portee = opts.portee ?? 'lecture-ecriture'
  if (!PORTEES.includes(portee)) throw new Error(`Portée inconnue : ${portee} (lecture, ecriture ou lecture-ecriture).`)
  const expireA = opts.expireA ?? null
  const key = `silo_${randomBytes(32).toString('base64url')}`
  const [row] = await db
    .insert(apiKeys)
    .values({ nom: name, empreinte: digest(key), prefixe: key.slice(0, 12), portee, expireA })
    .onConflictDoNothing({ target: apiKeys.nom })
    .returning({ id: apiKeys.id })
  if (!row) throw new Error(`Une clé nommée « ${name} » existe déjà.`)
  return { id: row.id, nom: name, portee, expireA, key }
}

export interface KeyListing {
  id: number
  nom: string
  prefixe: string
  portee: string
  expireA: Date | null
  creeeA: Date
  derniereUtilisation: Date | null
  revoqueeA: Date | null
}

const listing = {
  id: apiKeys.id,
  nom: apiKeys.nom,
  prefixe: apiKeys.prefixe,
  portee: apiKeys.portee,
  expireA: apiKeys.expireA,
  creeeA: apiKeys.creeeA,
  derniereUtilisation: apiKeys.derniereUtilisation,
  revoqueeA: apiKeys.revoqueeA,
}

export const listApiKeys = (db: Db): Promise<KeyListing[]> => db.select(listing).from(apiKeys).orderBy(asc(apiKeys.id))

/** Revokes the key of this id (digits) or name; null when there is none (or it was already revoked). */
export async function revokeApiKey(db: Db, idOrName: string): Promise<KeyListing | null> {
  const which = /^\d+$/.test(idOrName) ? eq(apiKeys.id, Number(idOrName)) : eq(apiKeys.nom, idOrName)
  const [row] = await db
    .update(apiKeys)
    .set({ revoqueeA: sql`coalesce(${apiKeys.revoqueeA}, now())` })
    .where(which)
    .returning(listing)
  return row ?? null
}

export type KeyCheck =
  | { state: 'valid'; id: number; nom: string; portee: string }
  /** Unknown, malformed or revoked: counted against the address. */
  | { state: 'invalid' }
  | { state: 'expired'; nom: string; expireA: Date }
  /** The key's own rate limit. */
  | { state: 'limited'; retryAfterSeconds: number }
  /** Too many keys that opened nothing from this address: every key refused until the minute ends. */
  | { state: 'throttled'; retryAfterSeconds: number }

const failureCounterKey = (address: string | null) => `cle-api-ip:${address ?? 'inconnue'}`

interface CheckRow extends Record<string, unknown> {
  id: number | null
  nom: string | null
  portee: string | null
  compte: number | null
  reste_ms: number | null
  expire_a: Date | string | null
  expiree: boolean | null
  echecs: number | null
  bloque_ms: number | null
}

/**
 * Checks a presented key (null: an Authorization header without one), records its use and counts
 * it in its window (PostgreSQL's clock, the same for every instance). Over `limit` in the window:
 * limited, with the seconds until it ends. A key that opens nothing is counted against `address`;
 * past CLE_API_ECHECS_PAR_MINUTE, every key from there is refused until the minute ends. Its end
 * is compared with `now` (the server's clock). One statement in all, committed without waiting
 * for the disk (a crash loses at most a few counts).
 */
export async function checkApiKey(
  db: Db,
  key: string | null,
  opts: { limit: number; address: string | null; now: Date },
): Promise<KeyCheck> {
  const presented = key !== null && KEY_PATTERN.test(key) ? digest(key) : null
  const counter = failureCounterKey(opts.address)
  const keyWindow = sql`make_interval(secs => ${RATE_WINDOW_SECONDS})`
  const failWindow = sql`make_interval(secs => ${FAILURE_WINDOW_SECONDS})`
  const [row] = await selectRows<CheckRow>(
    db,
    sql`
      with t as (
        select clock_timestamp() as now, set_config('synchronous_commit', 'off', true) as sc
      ),
      bloque as (
        select a.window_start from login_attempts a, t
        where a.key = ${counter} and a.failures >= ${CLE_API_ECHECS_PAR_MINUTE} and a.window_start > t.now - ${failWindow}
      ),
      k as (
        update ${apiKeys} k set
          derniere_utilisation = t.now,
          fenetre_debut = case when k.fenetre_debut is null or k.fenetre_debut <= t.now - ${keyWindow}
            then t.now else k.fenetre_debut end,
          fenetre_compte = case when k.fenetre_debut is null or k.fenetre_debut <= t.now - ${keyWindow}
            then 1 else k.fenetre_compte + 1 end
        from t
        where k.empreinte = ${presented} and k.revoquee_a is null and not exists (select 1 from bloque)
        returning k.id, k.nom, k.portee, k.fenetre_compte as compte, k.expire_a,
          k.expire_a is not null and k.expire_a <= ${opts.now.toISOString()}::timestamptz as expiree,
          extract(epoch from (k.fenetre_debut + ${keyWindow} - t.now)) * 1000 as reste_ms
      ),
      f as (
        insert into login_attempts as a (key, failures, window_start)
        select ${counter}, 1, t.now from t
        where not exists (select 1 from k) and not exists (select 1 from bloque)
        on conflict (key) do update set
          failures = case when a.window_start <= excluded.window_start - ${failWindow} then 1 else a.failures + 1 end,
          window_start = case when a.window_start <= excluded.window_start - ${failWindow}
            then excluded.window_start else a.window_start end
        where a.window_start <= excluded.window_start - ${failWindow} or a.failures < ${CLE_API_ECHECS_PAR_MINUTE}
        returning a.failures
      )
      select k.id, k.nom, k.portee, k.compte, k.reste_ms, k.expire_a, k.expiree,
        (select failures from f) as echecs,
        (select extract(epoch from (coalesce(
          (select window_start from bloque),
          (select a.window_start from login_attempts a where a.key = ${counter}),
          t.now) + ${failWindow} - t.now)) * 1000) as bloque_ms
      from t left join k on true`,
  )
  const seconds = (ms: unknown, fallback: number) =>
    Math.min(fallback, Math.max(1, Math.ceil((Number(ms) || fallback * 1000) / 1000)))
  if (!row || row.id === null) {
    if (row?.echecs !== null && row?.echecs !== undefined) return { state: 'invalid' }
    return { state: 'throttled', retryAfterSeconds: seconds(row?.bloque_ms, FAILURE_WINDOW_SECONDS) }
  }
  if (row.expiree) return { state: 'expired', nom: row.nom!, expireA: new Date(row.expire_a!) }
  if (Number(row.compte) > opts.limit)
    return { state: 'limited', retryAfterSeconds: seconds(row.reste_ms, RATE_WINDOW_SECONDS) }
  return { state: 'valid', id: row.id, nom: row.nom!, portee: row.portee! }
}
