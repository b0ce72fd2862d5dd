// Where the backup key comes from (src/server/db/backup-key.ts): BACKUP_KEY (hex or base64, 32 bytes
// or more), else BACKUP_KEY_FILE, else <DATA_DIR>.backup-key beside the embedded database's folder,
// created 0600 at the first backup and never replaced; with DATABASE_URL one of the first two is
// required, and the refusal says so in French.
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { keyId } from '../../src/server/db/backup-crypto'
import { backupKeyForWriting, BackupKeyError, parseBackupKey, readBackupKey } from '../../src/server/db/backup-key'

describe('the backup key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'silo-backup-key-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads 32+ bytes in hexadecimal, base64 or base64url, and refuses shorter or other text', () => {
    const bytes = randomBytes(32)
    for (const text of [
      bytes.toString('hex'),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      ` ${bytes.toString('base64')}\n`,
    ])
      expect(parseBackupKey(text, 'BACKUP_KEY')).toEqual(bytes)
    expect(() => parseBackupKey(randomBytes(16).toString('base64'), 'BACKUP_KEY')).toThrow(
      /La clé de sauvegarde \(BACKUP_KEY\) est trop courte : 16 octets, il en faut au moins 32/,
    )
    expect(() => parseBackupKey('pas une clé !', 'BACKUP_KEY')).toThrow(/ni en hexadécimal ni en base64/)
  })

  it('BACKUP_KEY first, then BACKUP_KEY_FILE', () => {
    const a = randomBytes(32)
    const file = join(dir, 'given.key')
    writeFileSync(file, randomBytes(40).toString('hex'), { mode: 0o600 })
    const both = loadConfig({ BACKUP_KEY: a.toString('base64'), BACKUP_KEY_FILE: file, DATA_DIR: join(dir, 'data') })
    expect(readBackupKey(both)!.bytes).toEqual(a)
    const fileOnly = loadConfig({ BACKUP_KEY_FILE: file, DATABASE_URL: 'postgres://x@h/db' })
    expect(readBackupKey(fileOnly)).toMatchObject({ where: file, notice: null })
    expect(readBackupKey(fileOnly)!.bytes).toHaveLength(40)
  })

  it('for the embedded database: <DATA_DIR>.backup-key beside DATA_DIR, made 0600 at the first backup, then kept', () => {
    const config = loadConfig({ DATA_DIR: join(dir, 'data') })
    expect(config.backupKeyFile).toBe(join(dir, 'data.backup-key'))
    expect(readBackupKey(config)).toBeNull() // a restore never makes one
    const made = backupKeyForWriting(config)
    expect(made.notice).toMatch(/^Clé de sauvegarde créée : .*data\.backup-key \(mode 0600\)/)
    expect(statSync(config.backupKeyFile!).mode & 0o777).toBe(0o600)
    expect(made.bytes).toHaveLength(32)
    const again = backupKeyForWriting(config)
    expect(again.bytes).toEqual(made.bytes)
    expect(again.notice).toBeNull()
    expect(readBackupKey(config)!.bytes).toEqual(made.bytes)
    expect(keyId(again.bytes)).toMatch(/^[0-9a-f]{16}$/)
    chmodSync(config.backupKeyFile!, 0o644)
    expect(readBackupKey(config)!.notice).toMatch(/lisible par d'autres comptes \(mode 644\) : chmod 600/)
    expect(readFileSync(config.backupKeyFile!, 'utf8')).toMatch(/^[A-Za-z0-9_-]{43}\n$/)
  })

  it('with DATABASE_URL, a backup needs BACKUP_KEY or BACKUP_KEY_FILE, and says so in French', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://x@h/db', DATA_DIR: join(dir, 'unused') })
    expect(config.backupKeyFile).toBeNull()
    expect(readBackupKey(config)).toBeNull()
    expect(() => backupKeyForWriting(config)).toThrow(BackupKeyError)
    expect(() => backupKeyForWriting(config)).toThrow(
      /^Avec DATABASE_URL, la clé des sauvegardes doit être donnée : BACKUP_KEY .* ou BACKUP_KEY_FILE/,
    )
    // BACKUP_KEY_FILE given but missing: made at the first backup, like the default one.
    const file = join(dir, 'deep', 'silo.key')
    const made = backupKeyForWriting(loadConfig({ DATABASE_URL: 'postgres://x@h/db', BACKUP_KEY_FILE: file }))
    expect(made.where).toBe(file)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })
})
