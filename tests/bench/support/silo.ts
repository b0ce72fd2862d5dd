// How every bench starts and drives a real Silo: the same command as `npm run serve`, on its own
// port and data folder, ready once /public/infos/version answers (the database migrated and
// seeded), signed in through the endpoint the app uses. One place, so that a bench measures the
// server the README runs and not its own variant of it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DateTime } from 'luxon'
import { addBusinessDays, ZONE } from '../../../src/domain/calendar'

export interface SiloOptions {
  port: number
  /** Added to the bench's own environment (DATA_DIR, DATABASE_URL, DIST_DIR, SEED…). */
  env?: Record<string, string>
  /** The server's stderr: shown, dropped, or kept to explain a failed start (default). */
  stderr?: 'inherit' | 'ignore' | 'pipe'
  /** The checkout whose server runs (an A/B bench of two versions); default: this one. */
  cwd?: string
}

export interface RunningSilo {
  child: ChildProcess
  base: string
  /** SIGTERM, then the end of the process (it stops its embedded PostgreSQL first). */
  stop: () => Promise<void>
}

/** Starts Silo without waiting for it (a bench that expects it to refuse to start). */
export function spawnSilo({ port, env = {}, stderr = 'pipe', cwd }: SiloOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED: 'demo', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', stderr],
  })
}

/** Starts Silo and waits until it answers (two minutes at most: a first initdb is slow). */
export async function startSilo(options: SiloOptions): Promise<RunningSilo> {
  const child = spawnSilo(options)
  const base = `http://127.0.0.1:${options.port}`
  let output = ''
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`Silo exited (${child.exitCode}) before answering:\n${output}`)
    try {
      if ((await fetch(`${base}/public/infos/version`)).ok) return { child, base, stop }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`Silo did not answer within 120 s:\n${output}`)
}

/** A fresh folder for the embedded database of one bench run. */
export const tempDataDir = (name: string): string => mkdtempSync(join(tmpdir(), `silo-${name}-`))

/** The built app to serve: DIST_DIR or ./dist, built first when `build` and it is missing. */
export function builtApp({ build }: { build: boolean }): string {
  const distDir = resolve(process.env.DIST_DIR ?? './dist')
  if (existsSync(join(distDir, 'index.html'))) return distDir
  if (!build) {
    console.error(`${distDir}/index.html manque : lancez \`npm run build\` d’abord (ou donnez DIST_DIR).`)
    process.exit(1)
  }
  console.log('dist/ manque : vite build…')
  if (spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
  return distDir
}

/** The session cookie (`silo_session=…`) of a demo account, signed in as the app does. */
export async function signIn(base: string, username = '100001'): Promise<string> {
  const res = await fetch(`${base}/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: 'demo' }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('silo_session='))
  if (!res.ok || !cookie) throw new Error(`sign-in as ${username} failed: ${res.status}`)
  return cookie.split(';')[0]!
}

/**
 * A valid one-line order of farmer 100001 (5 to 14 t of a bulk feed, delivered in 4–5 business
 * days), numbered by `i` in its comment so that a bench can count distinct orders.
 */
export function benchOrder(i: number, label: string, numTiers = '100001') {
  const today = DateTime.now().setZone(ZONE).startOf('day')
  return {
    numTiers,
    commande: {
      commentaire: `${label} ${i}`,
      lignes: [
        {
          idLigne: '001',
          numArticle: '410102',
          libelleArticle: 'VL Production 22 % vrac',
          codeTypeArticle: 'A',
          codeUniteArticle: 'T',
          numAdresse: 1,
          datePrevueLivraison: addBusinessDays(today, 4).toISODate(),
          finDatePrevueLivraison: addBusinessDays(today, 5).toISODate(),
          matinApmidi: 'ID',
          finMatinApmidi: 'ID',
          codeModeCamion: 'VIS',
          codeTypeSilo1: '001',
          quantiteCommande: 5 + (i % 10),
          supplementations: [],
          mineraux: [],
        },
      ],
    },
  }
}
