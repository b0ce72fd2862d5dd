// A mail's secret (issue 48): a first sign-in link is a credential, so it never sits in clear in
// mail_outbox (which every backup copies). The mail's text holds a place-holder; the link itself is
// kept in mail_outbox.secret, encrypted (AES-256-GCM) under a key of the server's (server_secrets,
// which a backup carries encrypted under the backup key), put in the text only when the mail is
// handed to SMTP, and erased once SMTP has accepted it or the mail was given up. What stays after
// that is the link's hash in liens_connexion, for the check.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import { acceptedKeys, serverSecretKeys } from '../auth/server-secret'

const KEY_NAME = 'secret-courriel'
const IV_BYTES = 12
const TAG_BYTES = 16

/** Where the mail's text gets the link, when (and only when) it is sent. */
export const LIEN_A_INSERER = '[lien personnel, inséré à l’envoi]'

/** The secret, encrypted for mail_outbox.secret: base64url(iv | ciphertext | tag). */
export async function sealMailSecret(db: Db, plain: string): Promise<string> {
  const { current } = await serverSecretKeys(db, KEY_NAME)
  return sealWith(current, plain)
}

/** Same, with a key already read: a bulk send reads it once for 20,000 mails. */
export function sealWith(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
}

/** The key secrets are sealed with now. */
export async function mailSecretKey(db: Db): Promise<Buffer> {
  return (await serverSecretKeys(db, KEY_NAME)).current
}

/**
 * The secret in clear, or null if no key of the server's opens it (altered, or sealed before the
 * last-but-one rotation). A secret lives as long as its unsent mail: the previous key stays
 * accepted until the next rotation.
 */
export async function openMailSecret(db: Db, sealed: string, now = new Date()): Promise<string | null> {
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length < IV_BYTES + TAG_BYTES) return null
  for (const key of acceptedKeys(await serverSecretKeys(db, KEY_NAME), now, null)) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8')
    } catch {
      // another key, or an altered secret
    }
  }
  return null
}
