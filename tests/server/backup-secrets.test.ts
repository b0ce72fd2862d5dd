// The server's secrets in a backup (src/server/db/backup.ts): the rows of server_secrets are
// encrypted under a key derived from the backup key, so the file holds none of their values (in
// clear, base64 or hex); a restore with that key brings them back as they were (devices' sealed
// data, owner tags and choice proofs keep working), a restore with another key is refused before
// anything is written, and one accepted unverified on purpose leaves them out.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rotateServerSecrets, serverSecret } from '../../src/server/auth/server-secret'
import { writeBackup } from '../../src/server/db/backup'
import { restoreBackup } from '../../src/server/db/restore'
import { backends, createPostgresDatabase, databaseUrl, embeddedUrl, type OpenedTestDb } from './support/databases'

const NAMES = ['preuve-choix-adherent', 'proprietaire-appareil', 'scellement-appareil']

async function query<T>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query(sql)).rows as T[]
  } finally {
    await c.end()
  }
}

describe.each(backends)('the server’s secrets in a backup, on $name', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'silo-backup-secrets-'))
  const file = join(dir, 'backup.jsonl.gz')
  const key = randomBytes(32)
  const serverUrl = backend.name === 'embedded' ? embeddedUrl : databaseUrl!
  let opened: OpenedTestDb
  let secrets: { name: string; value: string }[]
  const targets: { drop(): Promise<void> }[] = []
  const emptyDatabase = async () => {
    const created = await createPostgresDatabase(serverUrl)
    targets.push(created)
    return created.url
  }

  beforeAll(async () => {
    opened = await backend.open()
    for (const name of NAMES) await serverSecret(opened.db, name)
    await rotateServerSecrets(opened.db, new Date()) // a current and a previous value of each
    for (const name of NAMES) await serverSecret(opened.db, name)
    const pool = (opened.db as unknown as { $client: pg.Pool }).$client
    const client = await pool.connect()
    try {
      secrets = (await client.query('select name, value from server_secrets order by name')).rows
      await writeBackup(client, file, key)
    } finally {
      client.release()
    }
  }, 120_000)
  afterAll(async () => {
    for (const t of targets) await t.drop()
    await opened?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('holds none of their values: not in clear, not in base64, not in hex', () => {
    expect(secrets.map((s) => s.name)).toEqual(
      NAMES.flatMap((n) => [n, `${n}.precedente`]).sort((a, b) => (a < b ? -1 : 1)),
    )
    const text = gunzipSync(readFileSync(file)).toString('utf8')
    for (const { value } of secrets) {
      const bytes = Buffer.from(value, 'base64url')
      expect(bytes).toHaveLength(32)
      for (const form of [
        value,
        bytes.toString('base64'),
        bytes.toString('base64').replace(/=+$/, ''),
        bytes.toString('hex'),
      ])
        expect(text).not.toContain(form)
    }
    expect(text).not.toContain(key.toString('base64'))
    expect(text).not.toContain(key.toString('hex'))
    // The table is there, its rows sealed.
    const at = text.split('\n').findIndex((l) => l === `{"table":"server_secrets","rows":${secrets.length}}`)
    expect(at).toBeGreaterThan(0)
    for (const line of text.split('\n').slice(at + 1, at + 1 + secrets.length))
      expect(line).toMatch(/^\{"chiffre":"[A-Za-z0-9_-]+"\}$/)
  })

  it('a restore with another key is refused before anything is written', async () => {
    const url = await emptyDatabase()
    await expect(restoreBackup(url, file, { key: randomBytes(32), acceptUnsigned: false })).rejects.toThrow(
      /est signée avec une autre clé .*--accepter-non-signe/,
    )
    expect(await query(url, `select tablename from pg_tables where schemaname in ('public', 'drizzle')`)).toEqual([])
  })

  it('a restore with the key brings them back as they were', async () => {
    const url = await emptyDatabase()
    const { checked } = await restoreBackup(url, file, { key, acceptUnsigned: false })
    expect(checked.verified).toBe('signature')
    expect(await query(url, 'select name, value from server_secrets order by name')).toEqual(secrets)
  }, 120_000)

  it('a restore accepted unverified (--accepter-non-signe) with another key restores the rest, not them', async () => {
    const url = await emptyDatabase()
    const { checked } = await restoreBackup(url, file, { key: null, acceptUnsigned: true })
    expect(checked.verified).toBe('none')
    expect(checked.skipped).toEqual([{ table: 'server_secrets', rows: secrets.length }])
    expect(await query(url, 'select name from server_secrets')).toEqual([])
    const count = async (u: string) => (await query<{ n: string }>(u, 'select count(*) as n from users'))[0]!.n
    const sourcePool = (opened.db as unknown as { $client: pg.Pool }).$client
    expect(await count(url)).toBe((await sourcePool.query('select count(*) as n from users')).rows[0].n)
  }, 120_000)
})
