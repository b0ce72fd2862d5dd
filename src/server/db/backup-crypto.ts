// What a backup's key (backup-key.ts) does to a backup, through keys derived from it with HKDF-SHA-256
// (node:crypto), each for one use:
//
//   key id       HKDF(key, no salt, "silo-backup/key-id"), 8 bytes in hex, in the header: tells
//                "signed with another key" from "altered", and gives away nothing of the key
//   signature    HMAC-SHA-256 under HKDF(key, salt, "silo-backup/v3/signature") over every line
//                before the trailer (the header with its salt included)
//   encryption   AES-256-GCM under HKDF(key, salt, "silo-backup/v3/encryption"), a random 12-byte
//                IV per row, the table's name as additional data: the rows of ENCRYPTED_TABLES
//
// The salt is 16 random bytes per backup, in the header.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, type Hmac } from 'node:crypto'

const derive = (key: Buffer, salt: Buffer, info: string, length = 32) =>
  Buffer.from(hkdfSync('sha256', key, salt, info, length))

export const keyId = (key: Buffer) => derive(key, Buffer.alloc(0), 'silo-backup/key-id', 8).toString('hex')

export const newSalt = () => randomBytes(16).toString('base64url')

/** The signature of the lines, fed one by one (each with its "\n", as written). */
export function lineSigner(key: Buffer, salt: string): { add(line: string): void; lines(): number; hex(): string } {
  const hmac: Hmac = createHmac('sha256', derive(key, Buffer.from(salt, 'base64url'), 'silo-backup/v3/signature'))
  let lines = 0
  return {
    add(line) {
      hmac.update(line)
      lines++
    },
    lines: () => lines,
    hex: () => hmac.digest('hex'),
  }
}

const IV_BYTES = 12
const TAG_BYTES = 16

/** Encrypts and decrypts the rows of a backup's secret tables. */
export function rowSealer(key: Buffer, salt: string) {
  const aes = derive(key, Buffer.from(salt, 'base64url'), 'silo-backup/v3/encryption')
  return {
    seal(table: string, row: unknown): string {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', aes, iv)
      cipher.setAAD(Buffer.from(table))
      const data = Buffer.concat([cipher.update(JSON.stringify(row), 'utf8'), cipher.final()])
      return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64url')
    },
    /** The row, or null when this key does not open it (another key, or altered). */
    open(table: string, sealed: string): unknown {
      try {
        const bytes = Buffer.from(sealed, 'base64url')
        if (bytes.length < IV_BYTES + TAG_BYTES) return null
        const decipher = createDecipheriv('aes-256-gcm', aes, bytes.subarray(0, IV_BYTES))
        decipher.setAAD(Buffer.from(table))
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ])
        return JSON.parse(plain.toString('utf8')) as unknown
      } catch {
        return null
      }
    },
  }
}
export type RowSealer = ReturnType<typeof rowSealer>
