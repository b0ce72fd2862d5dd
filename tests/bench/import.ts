// `npm run bench:import [-- --membres N] [--graine N]`: the import of a whole synthetic cooperative
// (issue 40; 20,000 members, ~6 million rows by default) into a fresh database — the embedded
// PostgreSQL `npm start` runs (in a temporary DATA_DIR), or a new database beside DATABASE_URL when
// it is set. Prints rows/s per file and in all, the database's size on disk, the time of one day's
// delta (~20,000 rows) and of a second import of the same folder (0 rows changed), and the floor:
// a plain COPY of the same files into bare tables (text columns, the natural key as primary key).
// The generated folders are kept in $TMPDIR/silo-bench-import and reused by the next run.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createReadStream } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { kindOfFile } from '../../src/contract/import/kinds'
import { openDatabase } from '../../src/server/db/client'
import { startCluster } from '../../src/server/db/embedded/cluster'
import { acquireLock } from '../../src/server/db/embedded/lock'
import { formatReport } from '../../src/server/import/report'
import { runImport, type ImportResult } from '../../src/server/import/run'
import { DEFAULTS, scaled, writeCooperative, writeDayDelta } from '../../src/server/seed/cooperative'

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : undefined
}
const options = scaled(arg('membres') ?? DEFAULTS.membres, { graine: arg('graine') ?? DEFAULTS.graine })
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const n = (x: number) =>
  Math.round(x)
    .toLocaleString('fr-FR')
    .replace(/\u202f|\u00a0/g, ' ')
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function folders() {
  const base = join(tmpdir(), 'silo-bench-import', `m${options.membres}-g${options.graine}`)
  const coop = join(base, 'cooperative')
  const delta = join(base, 'delta')
  if (!existsSync(join(base, '.ok'))) {
    rmSync(base, { recursive: true, force: true })
    const t = performance.now()
    const rows = await writeCooperative(coop, options)
    await writeDayDelta(delta, options)
    const s = (performance.now() - t) / 1000
    console.log(`generated ${n(rows)} rows in ${s.toFixed(1)} s (${n(rows / s)} rows/s) into ${base}`)
    writeFileSync(join(base, '.ok'), '')
  } else console.log(`reusing ${base}`)
  const bytes = readdirSync(coop).reduce((t, f) => t + statSync(join(coop, f)).size, 0)
  console.log(`files: ${readdirSync(coop).length}, ${mb(bytes)}`)
  return { coop, delta }
}

async function server(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} }
  const dataDir = mkdtempSync(join(tmpdir(), 'silo-bench-import-pg-'))
  const release = acquireLock(dataDir)
  const cluster = await startCluster(dataDir)
  return {
    // The superuser's address: the bench makes databases of its own.
    url: cluster.adminUrl,
    async stop() {
      await cluster.stop()
      release()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

async function freshDatabase(serverUrl: string, migrate: boolean) {
  const name = `silo_bench_import_${randomBytes(4).toString('hex')}`
  await withClient(serverUrl, (c) => c.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  if (migrate) await (await openDatabase({ databaseUrl: url.toString() })).close()
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (c) => c.query(`drop database ${name} with (force)`)),
  }
}

const changed = (r: ImportResult) => r.files.reduce((t, f) => t + f.inserted + f.updated + f.removed, 0)

/** The floor: each file COPYed as it is into a bare table of text columns keyed by its natural key. */
async function floor(url: string, dir: string): Promise<number> {
  return withClient(url, async (c) => {
    const t = performance.now()
    for (const f of readdirSync(dir).sort()) {
      const kind = kindOfFile(f)!
      const cols = Object.keys(kind.colonnes)
      const table = `floor_${f.replace(/\W/g, '_')}`
      await c.query(
        `create table ${table} (${cols.map((x) => `"${x}" text`).join(', ')}, primary key (${kind.cle.map((x) => `"${x}"`).join(', ')}))`,
      )
      await pipeline(
        createReadStream(join(dir, f)),
        c.query(copyFrom(`copy ${table} from stdin with (format csv, header true, delimiter ';')`)),
      )
    }
    return (performance.now() - t) / 1000
  })
}

const srv = await server()
try {
  console.log(`load average at start: ${load()} (2 cores)`)
  const { coop, delta } = await folders()
  const db = await freshDatabase(srv.url, true)
  try {
    const first = await runImport({ databaseUrl: db.url, folder: coop })
    if (first.status !== 'importe') throw new Error(first.errors.slice(0, 20).join('\n'))
    const rows = first.files.reduce((t, f) => t + f.rows, 0)
    console.log('\nfile | rows | read, check, COPY s | SQL checks s | merge s | rows/s')
    for (const f of [...first.files].sort((a, b) => b.rows - a.rows)) {
      const s = f.loadSeconds + f.checkSeconds + f.mergeSeconds
      const secs = [f.loadSeconds, f.checkSeconds, f.mergeSeconds].map((x) => x.toFixed(1)).join(' | ')
      console.log(`${f.fichier} | ${n(f.rows)} | ${secs} | ${n(f.rows / s)}`)
    }
    const sum = (k: 'loadSeconds' | 'checkSeconds' | 'mergeSeconds') => first.files.reduce((t, f) => t + f[k], 0)
    console.log(
      `all | ${n(rows)} | ${[sum('loadSeconds'), sum('checkSeconds'), sum('mergeSeconds')].map((x) => x.toFixed(1)).join(' | ')} | ${n(rows / first.seconds)}`,
    )
    console.log(`\nfirst import: ${n(rows)} rows in ${first.seconds.toFixed(1)} s: ${n(rows / first.seconds)} rows/s`)
    const [{ size }] = await withClient(
      db.url,
      async (c) => (await c.query('select pg_database_size(current_database()) as size')).rows,
    )
    console.log(`database size on disk: ${mb(Number(size))}`)

    const d = await runImport({ databaseUrl: db.url, folder: delta })
    const dRows = d.files.reduce((t, f) => t + f.rows, 0)
    console.log(`one day's delta: ${n(dRows)} rows in ${d.seconds.toFixed(1)} s (${n(changed(d))} rows changed)`)

    const again = await runImport({ databaseUrl: db.url, folder: coop })
    console.log(`second import of the same folder: ${again.seconds.toFixed(1)} s, ${n(changed(again))} rows changed`)
    console.log(formatReport(again).at(-1))

    const bare = await freshDatabase(srv.url, false)
    try {
      const s = await floor(bare.url, coop)
      console.log(`\nfloor (plain COPY into bare keyed tables): ${s.toFixed(1)} s, ${n(rows / s)} rows/s`)
      console.log(`first import / floor: ${(first.seconds / s).toFixed(2)}× (goal: within 3×)`)
    } finally {
      await bare.drop()
    }
  } finally {
    await db.drop()
  }
  console.log(`load average at end: ${load()}`)
} finally {
  await srv.stop()
}
