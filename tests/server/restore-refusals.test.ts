// `npm run backup` signs its file with the backup key, and `npm run restore` refuses, in French (no
// stack), with exit code 1, no PostgreSQL left running on the DATA_DIR and the database as it was,
// every backup it cannot trust: cut short, altered, altered then re-hashed, an account injected,
// relabelled as an older unsigned format, or signed with another key (src/server/db/backup-format.ts).
// --accepter-non-signe restores an old or foreign file on purpose, and says so loudly; it never
// saves a file signed with this key that was altered. A restore refused after the command started
// PostgreSQL stops it.
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rotateServerSecrets, serverSecret } from '../../src/server/auth/server-secret'
import { writeBackup } from '../../src/server/db/backup'
import { openDatabase } from '../../src/server/db/client'
import { clusterDir, clusterUrl } from '../../src/server/db/embedded/cluster'
import { seedDemo } from '../../src/server/seed/index'
import { TEST_TODAY } from './support/databases'
import { dumpDatabase } from './support/dump'

/** The environment of a command: no key, no DATABASE_URL, unless given. */
const envOf = (more: Record<string, string>) => ({
  ...process.env,
  DATABASE_URL: '',
  BACKUP_KEY: '',
  BACKUP_KEY_FILE: '',
  ...more,
})

function run(cli: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync('node_modules/.bin/tsx', [`src/server/cli/${cli}.ts`, ...args], {
    env: envOf(env),
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Processes whose command line names dataDir's cluster (a postmaster left running). */
function postgresOn(dataDir: string): number[] {
  const dir = resolve(clusterDir(dataDir))
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir)
      } catch {
        return false
      }
    })
    .map(Number)
}

async function dumpOf(dataDir: string) {
  const opened = await openDatabase({ dataDir })
  try {
    return await dumpDatabase(opened.db)
  } finally {
    await opened.close()
  }
}

const SECRET_NAMES = ['preuve-choix-adherent', 'proprietaire-appareil', 'scellement-appareil']

describe('npm run backup, npm run restore and a backup that cannot be trusted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'silo-restore-'))
  // Run as root, PostgreSQL runs as the silo user, which must cross this folder.
  chmodSync(dir, 0o711)
  const source = join(dir, 'source')
  const target = join(dir, 'target')
  const file = join(dir, 'backup.jsonl.gz')
  const foreign = join(dir, 'other-key.jsonl.gz')
  /** The key `npm run backup` made beside the source's DATA_DIR. */
  const keyFile = `${source}.backup-key`
  const withKey = { DATA_DIR: target, BACKUP_KEY_FILE: keyFile }
  let lines: string[]
  let sourceDump: Record<string, string[]>
  let before: Record<string, string[]>
  let secretValues: string[]
  /** Its rows as a backup of the first format held them, in clear. */
  let secretRows: string[]
  let backupRun: ReturnType<typeof run>
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  beforeAll(async () => {
    const opened = await openDatabase({ dataDir: source })
    try {
      await seedDemo(opened.db, { today: TEST_TODAY })
      // The server's keys, rotated once: a current and a previous value of each.
      for (const name of SECRET_NAMES) await serverSecret(opened.db, name)
      await rotateServerSecrets(opened.db, new Date())
      for (const name of SECRET_NAMES) await serverSecret(opened.db, name)
      const client = new pg.Client({ connectionString: clusterUrl(source) })
      await client.connect()
      try {
        secretValues = (await client.query('select value from server_secrets')).rows.map((r) => String(r.value))
        secretRows = (await client.query('select row_to_json(s) as r from server_secrets s')).rows.map((r) =>
          JSON.stringify(r.r),
        )
        // npm run backup beside the running Silo, no key given: it makes one beside DATA_DIR.
        backupRun = run('backup', [file], { DATA_DIR: source })
        await writeBackup(client, foreign, randomBytes(32))
      } finally {
        await client.end()
      }
      sourceDump = await dumpDatabase(opened.db)
    } finally {
      await opened.close()
    }
    lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n')
    // The target: a migrated, empty database, into which the intact backup would restore.
    before = await dumpOf(target)
  }, 180_000)

  it('npm run backup makes the key beside DATA_DIR (mode 0600) at its first run, and signs with it', () => {
    expect(backupRun.stderr).toMatch(/Clé de sauvegarde créée : .*source\.backup-key \(mode 0600\)/)
    expect(backupRun.code).toBe(0)
    expect(backupRun.stdout).toMatch(/Sauvegarde écrite : .*Signée avec la clé de .*source\.backup-key/s)
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(JSON.parse(lines[0]!)).toMatchObject({ version: 3, encryptedTables: ['server_secrets'] })
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      end: 'silo-backup',
      hmac: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
  })

  it('holds none of the server’s secrets in clear, nor in base64 or hex', () => {
    expect(secretValues.length).toBe(6)
    const text = gunzipSync(readFileSync(file)).toString('utf8')
    for (const value of secretValues) {
      const bytes = Buffer.from(value, 'base64url')
      for (const form of [value, bytes.toString('base64'), bytes.toString('hex')]) expect(text).not.toContain(form)
    }
    expect(text).not.toContain(readFileSync(keyFile, 'utf8').trim())
  })

  it('with DATABASE_URL and no BACKUP_KEY nor BACKUP_KEY_FILE, npm run backup refuses and says what to set', () => {
    const r = run('backup', [join(dir, 'never.jsonl.gz')], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /^Échec de la sauvegarde : Avec DATABASE_URL, la clé des sauvegardes doit être donnée : BACKUP_KEY/,
    )
    expect(existsSync(join(dir, 'never.jsonl.gz'))).toBe(false)
  })

  const gz = (text: string[]) => gzipSync(`${text.join('\n')}\n`)
  const body = () => lines.slice(0, -1)
  const relabel = (text: string[], version: number) => [
    JSON.stringify({ ...JSON.parse(text[0]!), version }),
    ...text.slice(1),
  ]
  /** A fresh SHA-256 trailer, as version 2 had: anyone can compute it. */
  const rehashed = (text: string[]) => {
    const hash = createHash('sha256')
    for (const l of text) hash.update(`${l}\n`)
    return [...text, JSON.stringify({ end: 'silo-backup', lines: text.length, sha256: hash.digest('hex') })]
  }
  /** A staff account "intrus" (a copy of admin's row: same roles, same password) added to users. */
  const withIntruder = (text: string[]) => {
    const at = text.findIndex((l) => /^\{"table":"users","rows":\d+\}$/.test(l))
    const n = (JSON.parse(text[at]!) as { rows: number }).rows
    const admin = text.slice(at + 1, at + 1 + n).find((l) => l.includes('"username":"admin"'))!
    const intruder = JSON.stringify({ ...JSON.parse(admin), username: 'intrus' })
    return [...text.slice(0, at), JSON.stringify({ table: 'users', rows: n + 1 }), intruder, ...text.slice(at + 1)]
  }
  const changed = (text: string[]) => text.map((l) => l.replace('"100001"', '"100009"'))

  const refused: [string, () => Buffer, RegExp, Record<string, string>?][] = [
    ['cut short', () => readFileSync(file).subarray(0, Math.floor(readFileSync(file).length / 2)), /illisible, coupée/],
    [
      'with a byte flipped',
      () => {
        const bytes = Buffer.from(readFileSync(file))
        bytes[Math.floor(bytes.length / 2)]! ^= 0xff
        return bytes
      },
      /altérée|modifiée/,
    ],
    ['without its last line', () => gz(body()), /incomplète \(sa fin manque\)/],
    [
      'with a row changed, its signature kept',
      () => gz([...changed(body()), lines.at(-1)!]),
      /a été modifiée \(sa signature ne correspond plus\)/,
    ],
    [
      'with a row changed then re-hashed (a fresh SHA-256 as last line)',
      () => gz(rehashed(changed(body()))),
      /a été modifiée \(sa dernière ligne ne porte pas de signature\)/,
    ],
    [
      'with a staff account injected, its signature kept',
      () => gz([...withIntruder(body()), lines.at(-1)!]),
      /a été modifiée \(sa signature ne correspond plus\)/,
    ],
    [
      'with a staff account injected, relabelled version 2 and re-hashed',
      () => gz(rehashed(relabel(withIntruder(body()), 2))),
      /n'est pas signée \(format 2, antérieur aux sauvegardes signées\).*--accepter-non-signe/,
    ],
    [
      'with a staff account injected, relabelled version 1 (no check at all)',
      () => gz(relabel(withIntruder(body()), 1)),
      /n'est pas signée \(format 1, antérieur aux sauvegardes signées\)/,
    ],
    ['intact but relabelled version 1', () => gz(relabel(body(), 1)), /n'est pas signée \(format 1/],
    [
      'signed with another key',
      () => readFileSync(foreign),
      /est signée avec une autre clé \(empreinte [0-9a-f]{16}, celle d'ici : [0-9a-f]{16}\)/,
    ],
    [
      'signed, while no key is configured here',
      () => readFileSync(file),
      /est signée, mais aucune clé de sauvegarde n'est configurée ici/,
      { DATA_DIR: target },
    ],
  ]

  for (const [what, make, message, env] of refused) {
    it(`refuses a backup ${what}, in French, leaving nothing running and the database as it was`, async () => {
      const bad = join(dir, 'bad.jsonl.gz')
      writeFileSync(bad, make())
      const r = run('restore', [bad], env ?? withKey)
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/^Restauration refusée : La sauvegarde /)
      expect(r.stderr).toMatch(message)
      expect(r.stderr).not.toMatch(/\n\s+at /) // no stack
      expect(postgresOn(target)).toEqual([])
      expect(existsSync(join(clusterDir(target), 'postmaster.pid'))).toBe(false)
      expect(existsSync(join(target, 'silo.lock'))).toBe(false)
      const after = await dumpOf(target)
      expect(after).toEqual(before)
      expect(after.users).toEqual([])
    }, 60_000)
  }

  it('--accepter-non-signe does not save a file signed with this key that was altered', async () => {
    const bad = join(dir, 'bad.jsonl.gz')
    writeFileSync(bad, gz([...withIntruder(body()), lines.at(-1)!]))
    const r = run('restore', ['--accepter-non-signe', bad], withKey)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^Restauration refusée : .*sa signature ne correspond plus/)
    expect(await dumpOf(target)).toEqual(before)
  }, 60_000)

  it('refuses a database that holds rows, after starting its PostgreSQL, and stops it', async () => {
    const r = run('restore', [file], { DATA_DIR: source, BACKUP_KEY_FILE: keyFile })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^Restauration refusée : La base de destination contient déjà des lignes/)
    expect(r.stderr).not.toMatch(/\n\s+at /)
    expect(postgresOn(source)).toEqual([])
    expect(existsSync(join(source, 'silo.lock'))).toBe(false)
  }, 60_000)

  it('restores the signed backup whole, the server’s secrets decrypted', async () => {
    const fresh = join(dir, 'fresh')
    const r = run('restore', [file], { DATA_DIR: fresh, BACKUP_KEY: readFileSync(keyFile, 'utf8') })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /Restauration terminée : \d+ lignes \(signature vérifiée ; sauvegarde du \d{4}-\d\d-\d\dT[\d:.]+Z\)/,
    )
    const restored = await dumpOf(fresh)
    expect(restored).toEqual(sourceDump)
    expect(restored.server_secrets).toHaveLength(6)
  }, 120_000)

  it('--accepter-non-signe restores a backup of the first format (no check at all), and says so loudly', async () => {
    // A version 1 file: no signature, no trailer, the server's secrets in clear.
    const { signature: _s, encryptedTables: _e, ...header } = JSON.parse(lines[0]!) as Record<string, unknown>
    const text = body().slice(1)
    const at = text.findIndex((l) => l.startsWith('{"table":"server_secrets"'))
    const v1 = join(dir, 'v1.jsonl.gz')
    writeFileSync(
      v1,
      gz([
        JSON.stringify({ ...header, version: 1 }),
        ...text.slice(0, at + 1),
        ...secretRows,
        ...text.slice(at + 1 + secretRows.length),
      ]),
    )
    const fresh = join(dir, 'fresh-v1')
    const r = run('restore', ['--accepter-non-signe', v1], { DATA_DIR: fresh })
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(
      /^ATTENTION : sauvegarde restaurée SANS VÉRIFICATION DE SIGNATURE, à votre demande \(--accepter-non-signe\)/,
    )
    expect(r.stderr).toMatch(/format 1, antérieur aux sauvegardes signées \(rien n’a été vérifié\)/)
    expect(r.stderr).toMatch(/vérifiez les comptes \(table users\)/)
    expect(r.stdout).toMatch(/Restauration terminée SANS VÉRIFICATION DE SIGNATURE : \d+ lignes/)
    expect(await dumpOf(fresh)).toEqual(sourceDump)
  }, 120_000)

  it('--accepter-non-signe restores a backup signed with another key without the server’s secrets, and says what that means', async () => {
    const fresh = join(dir, 'fresh-foreign')
    const r = run('restore', ['--accepter-non-signe', foreign], { DATA_DIR: fresh, BACKUP_KEY_FILE: keyFile })
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/signée avec une clé qui n’est pas celle d’ici/)
    expect(r.stderr).toMatch(
      /6 lignes de la table server_secrets .* n'ont pas été restaurées : Silo en crée de nouvelles/,
    )
    const restored = await dumpOf(fresh)
    expect(restored).toEqual({ ...sourceDump, server_secrets: [] })
  }, 120_000)
})
