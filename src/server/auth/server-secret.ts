// Keys the server signs or derives with. Each lives in PostgreSQL (server_secrets), created once
// by whichever instance needs it first, so every instance signs and checks alike; each process
// keeps a copy after reading it (a key never changes).
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { serverSecrets } from '../db/schema'

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>()

async function readKey(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`server_secrets: ${name} missing after insert`)
  return Buffer.from(row.value, 'base64url')
}

/** The 32-byte key called `name`, created on first use. */
export function serverSecret(db: Db, name: string): Promise<Buffer> {
  let byName = keys.get(db)
  if (!byName) keys.set(db, (byName = new Map()))
  let key = byName.get(name)
  if (!key) {
    key = readKey(db, name)
    byName.set(name, key)
    key.catch(() => byName.delete(name)) // the database was away: read again next time
  }
  return key
}
