// How hard a chosen password is to guess (domain/mot-de-passe.ts's Estimateur): zxcvbn-ts with its
// common passwords, keyboard layouts (azerty among them) and French words, names and translations.
// It runs on a worker thread of its own, started on first use, at the lowest CPU priority (as the
// hash workers, hash-worker.ts): the dictionaries (the worker adds some 80 MB to the process once
// loaded, in a second or two) are read there, never at server start and never in the main thread;
// and one estimate, tens of milliseconds, but seconds for 200 characters of repeats, never holds up
// the requests the main thread serves. Only a password past the cheap rules reaches it, for a link
// still good (first-sign-in.routes.ts).
// Levenshtein matching is left off: it made each estimate some 7 times slower on our examples; a
// common password with a character or two added is caught by `common` below, the rest by the score.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { CODES_ERREUR } from '../../contract/error-codes'
import type { Estimateur, EstimationMotDePasse } from '../../domain/mot-de-passe'
import { HttpError } from '../http/http-error'

// CommonJS, evaluated as is (no file to resolve under tsx, vitest or the compiled server); the
// packages' paths are resolved here, from this module, and handed over.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
if (process.platform === 'linux') {
  try { require('node:os').setPriority(0, 19) } catch {}
}
let loaded = null
function load() {
  const { ZxcvbnFactory } = require(workerData.core)
  const common = require(workerData.common)
  const fr = require(workerData.fr)
  const zxcvbn = new ZxcvbnFactory({
    translations: fr.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...fr.dictionary },
  })
  return { zxcvbn, passwords: new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase())) }
}
// One of the list's common passwords, or one with up to 2 characters added before or after it
// (motdepasse1, azertyuiop!): zxcvbn's score weighs the rest (l33t, words, keyboard rows).
function common(passwords, password) {
  const p = password.toLowerCase()
  for (let k = 0; k <= 2 && k < p.length; k++)
    if (passwords.has(p.slice(0, p.length - k)) || passwords.has(p.slice(k))) return true
  return false
}
parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    loaded = loaded || load()
    const r = loaded.zxcvbn.check(password, userInputs)
    const courant = common(loaded.passwords, password)
    // Some of the French pack's sentences have no full stop: one is added, so they read in a row.
    const advice = [r.feedback.warning, ...r.feedback.suggestions].filter(Boolean).map((t) => /[.!?]$/.test(t) ? t : t + '.')
    parentPort.postMessage({ id, estimation: { score: r.score, courant, conseil: advice.length ? advice.join(' ') : null } })
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) })
  }
})
`

/** An estimate that could not be made: the server is busy, try again (503, Retry-After). */
const busy = (cause: Error) =>
  Object.assign(
    new HttpError(
      503,
      'Le serveur est occupé : veuillez réessayer dans quelques instants.',
      CODES_ERREUR.SERVEUR_OCCUPE,
      {
        'Retry-After': '5',
      },
    ),
    { cause },
  )

interface Pending {
  resolve(e: EstimationMotDePasse): void
  reject(err: Error): void
}

const packages = () => {
  const require = createRequire(import.meta.url)
  return {
    core: require.resolve('@zxcvbn-ts/core'),
    common: require.resolve('@zxcvbn-ts/language-common'),
    fr: require.resolve('@zxcvbn-ts/language-fr'),
  }
}

let current: { worker: Worker; pending: Map<number, Pending> } | null = null
let nextId = 1

function start() {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: packages() })
  const self = { worker, pending: new Map<number, Pending>() }
  worker.on('message', (m: { id: number; estimation?: EstimationMotDePasse; error?: string }) => {
    const p = self.pending.get(m.id)
    self.pending.delete(m.id)
    if (self.pending.size === 0) worker.unref()
    if (m.estimation) p?.resolve(m.estimation)
    else p?.reject(busy(new Error(m.error ?? 'zxcvbn')))
  })
  // A worker that dies fails its estimates with a 503 (never a 500: the member tries again, the
  // link still good); the next estimate starts a new worker.
  const fail = (err: Error) => {
    if (current === self) current = null
    for (const p of self.pending.values()) p.reject(busy(err))
    self.pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`password strength worker exited (${code})`)))
  worker.unref() // idle, it never keeps the process alive; an estimate in progress does
  current = self
  return self
}

/** zxcvbn's estimate of `motDePasse`, told the account's own words (`indices`). */
export const estimerMotDePasse: Estimateur = (motDePasse, indices) => {
  const w = current ?? start()
  const id = nextId++
  return new Promise<EstimationMotDePasse>((resolve, reject) => {
    if (w.pending.size === 0) w.worker.ref()
    w.pending.set(id, { resolve, reject })
    w.worker.postMessage({ id, password: motDePasse, userInputs: [...indices] })
  })
}
