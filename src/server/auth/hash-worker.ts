// Where sign-in hashes run: worker threads of their own, at the lowest CPU priority (nice 19), not
// libuv's thread pool. On the pool, scrypt took threads that pg, dns and fs share, and ran at the
// priority of the order being processed; here the pool stays theirs, and whenever an order needs
// a core the kernel gives it before a hash (a hash still runs at full speed on an idle core). On
// Linux a thread's nice value is its own, so lowering it in the worker leaves the rest of the
// process alone; elsewhere setpriority would lower the whole process, so the worker keeps the
// normal priority there. As many workers as hashes may run at once (hash-gate.ts bounds it).
import { Worker } from 'node:worker_threads'
import type { ScryptOptions } from 'node:crypto'

// CommonJS, evaluated as is (no file to resolve under tsx or vitest).
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
if (process.platform === 'linux') {
  try { require('node:os').setPriority(0, 19) } catch {}
}
parentPort.on('message', ({ id, password, salt, keylen, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keylen, options)
    parentPort.postMessage({ id, key })
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) })
  }
})
`

interface Pending {
  resolve(key: Buffer): void
  reject(err: Error): void
}

interface Hasher {
  worker: Worker
  pending: Map<number, Pending>
}

export function createHashWorkers(size: number) {
  const hashers: Array<Hasher | null> = Array.from({ length: size }, () => null)
  let nextId = 1

  const start = (slot: number): Hasher => {
    const worker = new Worker(WORKER_SOURCE, { eval: true })
    const hasher: Hasher = { worker, pending: new Map() }
    worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
      const p = hasher.pending.get(m.id)
      hasher.pending.delete(m.id)
      if (hasher.pending.size === 0) worker.unref()
      if (m.key) p?.resolve(Buffer.from(m.key))
      else p?.reject(new Error(m.error ?? 'scrypt'))
    })
    // A worker that dies fails its hashes; the next hash starts a new one.
    const fail = (err: Error) => {
      if (hashers[slot] === hasher) hashers[slot] = null
      for (const p of hasher.pending.values()) p.reject(err)
      hasher.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`hash worker exited (${code})`)))
    worker.unref() // idle, it never keeps the process alive; a hash in progress does
    hashers[slot] = hasher
    return hasher
  }

  return {
    /** scrypt on the least busy worker (started on first use). */
    scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
      let slot = 0
      for (let i = 1; i < size; i++) if ((hashers[i]?.pending.size ?? 0) < (hashers[slot]?.pending.size ?? 0)) slot = i
      const hasher = hashers[slot] ?? start(slot)
      const id = nextId++
      return new Promise<Buffer>((resolve, reject) => {
        if (hasher.pending.size === 0) hasher.worker.ref()
        hasher.pending.set(id, { resolve, reject })
        hasher.worker.postMessage({ id, password, salt: new Uint8Array(salt), keylen, options })
      })
    },
  }
}
