// Keys the server signs or derives with. Each lives in PostgreSQL (server_secrets), created once by
// whichever instance needs it first, so every instance signs and checks alike.
//
// Rotation (`npm run secrets -- rotate`, rotateServerSecrets): each key `name` gets a new value,
// and its old one is kept as `name.precedente` until the next rotation; the new row's created_at
// is the rotation date. Everything new is signed or derived with the current key; what was made
// with the previous one stays usable for as long as each user of the key decides (acceptedKeys):
// the member-choice proof for the 24 h a proof lasts, the owner tag for a session's lifetime, the
// seal key until the next rotation (sealed device data has no end date). Each process keeps its
// copy of the keys for KEYS_CACHE_MS, so running instances take up a rotation within a minute;
// meanwhile they still sign with the previous key, which every instance accepts.
import { randomBytes } from 'node:crypto'
import { eq, inArray, like, notLike } from 'drizzle-orm'
import type { Db } from '../db/client'
import { serverSecrets } from '../db/schema'

/** The suffix of a key's previous value. */
export const PREVIOUS = '.precedente'

/** How long a process keeps the keys it read before reading them again (a rotation shows). */
const KEYS_CACHE_MS = 60_000

/** Rotations closer than this are refused without --forcer: see rotateServerSecrets. */
export const MIN_DAYS_BETWEEN_ROTATIONS = 30

export interface SecretKeys {
  current: Buffer
  /** The value before the last rotation, kept until the next one. */
  previous: Buffer | null
  /** When `current` became current by a rotation (null: never rotated). */
  rotatedAt: Date | null
}

const cache = new WeakMap<Db, Map<string, { until: number; keys: Promise<SecretKeys> }>>()

async function readKeys(db: Db, name: string): Promise<SecretKeys> {
  const read = () =>
    db
      .select()
      .from(serverSecrets)
      .where(inArray(serverSecrets.name, [name, `${name}${PREVIOUS}`]))
  let rows = await read()
  if (!rows.some((r) => r.name === name)) {
    await db
      .insert(serverSecrets)
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing()
    rows = await read()
  }
  const current = rows.find((r) => r.name === name)
  if (!current) throw new Error(`server_secrets: ${name} missing after insert`)
  const previous = rows.find((r) => r.name !== name)
  return {
    current: Buffer.from(current.value, 'base64url'),
    previous: previous ? Buffer.from(previous.value, 'base64url') : null,
    rotatedAt: previous ? current.createdAt : null,
  }
}

/** The keys called `name` (the current one created on first use). */
export function serverSecretKeys(db: Db, name: string): Promise<SecretKeys> {
  let byName = cache.get(db)
  if (!byName) cache.set(db, (byName = new Map()))
  const cached = byName.get(name)
  if (cached && cached.until > performance.now()) return cached.keys
  const keys = readKeys(db, name)
  const entry = { until: performance.now() + KEYS_CACHE_MS, keys }
  byName.set(name, entry)
  keys.catch(() => byName.get(name) === entry && byName.delete(name)) // the database was away: read again next time
  return keys
}

/** The current 32-byte key called `name`, created on first use: what everything new uses. */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  return (await serverSecretKeys(db, name)).current
}

/**
 * The keys to check or open with at `now`: the current one, and the previous one while the last
 * rotation is less than `graceSeconds` old (null: until the next rotation).
 */
export function acceptedKeys(keys: SecretKeys, now: Date, graceSeconds: number | null): Buffer[] {
  if (!keys.previous || !keys.rotatedAt) return [keys.current]
  const within = graceSeconds === null || now.getTime() < keys.rotatedAt.getTime() + graceSeconds * 1000
  return within ? [keys.current, keys.previous] : [keys.current]
}

/** A rotation refused (too soon after the last one): the message is for the operator, in French. */
export class RotationRefused extends Error {}

/**
 * Rotates every key in server_secrets at `now`, in one transaction: the previous values are
 * dropped, the current ones become `name.precedente`, new ones are made. A rotation less than
 * MIN_DAYS_BETWEEN_ROTATIONS days after the last one is refused unless `force`: it would drop keys
 * still needed (the previous seal key opens device data sealed before the last rotation).
 */
export async function rotateServerSecrets(
  db: Db,
  now: Date,
  opts: { force?: boolean } = {},
): Promise<{ rotated: string[] }> {
  const rotated = await db.transaction(async (tx) => {
    const current = await tx
      .select()
      .from(serverSecrets)
      .where(notLike(serverSecrets.name, `%${PREVIOUS}`))
      .for('update')
    const previous = await tx
      .select()
      .from(serverSecrets)
      .where(like(serverSecrets.name, `%${PREVIOUS}`))
      .for('update')
    const last = current
      .filter((r) => previous.some((p) => p.name === `${r.name}${PREVIOUS}`))
      .reduce<Date | null>((a, r) => (a && a > r.createdAt ? a : r.createdAt), null)
    if (last && !opts.force && now.getTime() - last.getTime() < MIN_DAYS_BETWEEN_ROTATIONS * 86_400_000)
      throw new RotationRefused(
        `La dernière rotation date du ${last.toISOString()} (moins de ${MIN_DAYS_BETWEEN_ROTATIONS} jours) : une nouvelle rotation effacerait les clés précédentes, encore utiles (les données scellées sur les appareils avant la dernière rotation ne s'ouvriraient plus). Relancez avec --forcer si une clé a fuité.`,
      )
    for (const p of previous) await tx.delete(serverSecrets).where(eq(serverSecrets.name, p.name))
    for (const r of current) {
      await tx
        .update(serverSecrets)
        .set({ name: `${r.name}${PREVIOUS}` })
        .where(eq(serverSecrets.name, r.name))
      await tx
        .insert(serverSecrets)
        .values({ name: r.name, value: randomBytes(32).toString('base64url'), createdAt: now })
    }
    return current.map((r) => r.name).sort()
  })
  cache.delete(db) // this process sees the new keys at once; the others within KEYS_CACHE_MS
  return { rotated }
}

/** Names and dates of the keys (never their values), for `npm run secrets -- etat`. */
export async function describeServerSecrets(db: Db): Promise<{ name: string; createdAt: Date }[]> {
  return (await db.select({ name: serverSecrets.name, createdAt: serverSecrets.createdAt }).from(serverSecrets)).sort(
    (a, b) => a.name.localeCompare(b.name),
  )
}
