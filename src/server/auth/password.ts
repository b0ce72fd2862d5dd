// Passwords are hashed with scrypt (memory-hard, in node:crypto, no dependency) and compared in
// constant time. Stored form: scrypt$N$r$p$salt(base64)$hash(base64). A sign-in's check runs on
// the low-priority hash workers (hash-worker.ts), as many at once as the sign-in gate lets hash.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { HASH_GATE } from './hash-gate'
import { createHashWorkers } from './hash-worker'

const N = 16384
const r = 8
const p = 1
const KEYLEN = 32

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEYLEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** `cost` is scrypt's N: the product's is 16,384; the test databases' demo accounts take a cheaper
 * one (verifyPassword reads N from the stored hash). */
export async function hashPassword(password: string, cost = N): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, { N: cost, r, p, maxmem: 64 * 1024 * 1024 })
  return ['scrypt', cost, r, p, salt.toString('base64'), hash.toString('base64')].join('$')
}

const workers = createHashWorkers(HASH_GATE.hashing)

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, rr, pp, saltB64, hashB64] = stored.split('$')
  if (algo !== 'scrypt' || !n || !rr || !pp || !saltB64 || !hashB64) return false
  const expected = Buffer.from(hashB64, 'base64')
  const actual = await workers.scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'), KEYLEN, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem: 64 * 1024 * 1024,
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
