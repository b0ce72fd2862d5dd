// `npm run import -- <dossier> [--verifier] [--complet <fichier>…]` (issue 40): the files of a
// folder are read, checked and staged; then, unless --verifier or any error, merged in ONE
// transaction: the import is applied whole or not at all, and a request never sees half of it.
// A kill -9 at any point leaves the database as it was (the transaction is never committed, and
// the staging tables are the session's own).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { KINDS, kindOfFile } from '../../contract/import/kinds'
import { checkDuplicates, checkReferences, checkRemoval, indexReferredKeys, type CheckContext } from './checks'
import { dropForBulk } from './bulk'
import { ErrorSink } from './errors'
import {
  forgetWrites,
  formatOf,
  hashFile,
  rememberFiles,
  tablesOf,
  unchangedFiles,
  watchTables,
  type Fingerprint,
} from './fingerprints'
import { mergeFile, removeAbsent, type Counts } from './merge'
import { checkMoves, followExploitations } from './owners'
import { stageFile, type StagedFile } from './stage'
import { targetOf } from './targets'
import { VERSION_GLOBALE_SUIVANTE } from '../services/versions-hors-connexion'

export interface ImportOptions {
  databaseUrl: string
  folder: string
  verifier?: boolean
  /** Files imported as full snapshots: rows absent from them are removed. */
  complet?: string[]
  /** Rows may give a farm, a building, a lot or a domiciliation Silo has to another member (owners.ts). */
  changerDeTiers?: boolean
  /** Read every file, even one unchanged since the last import (fingerprints.ts). */
  relire?: boolean
  /** A file of at least this many rows going into an empty table is loaded the bulk way (bulk.ts). */
  bulkFrom?: number
  log?: (line: string) => void
}

interface FileReport extends Counts {
  fichier: string
  rows: number
  refused: number
  /** Seconds spent reading, checking and staging the file (COPY), checking it in SQL, merging it. */
  loadSeconds: number
  checkSeconds: number
  mergeSeconds: number
  /** Rows that give an existing row to another member (refused unless --changer-de-tiers). */
  moved: number
  /** Read as Windows-1252: the file was not UTF-8 (the report says so). */
  windows1252?: boolean
  /** Identical to the file last merged, into tables nobody wrote to since: not read (fingerprints.ts). */
  inchange?: boolean
}

export interface ImportResult {
  /** 'verifie': --verifier found nothing wrong; 'importe': applied; 'refuse': errors, nothing written. */
  status: 'verifie' | 'importe' | 'refuse'
  errors: string[]
  errorCount: number
  files: FileReport[]
  seconds: number
}

/** Below this, building a table's keys again costs more than it saves. */
const BULK_FROM = 1_000

/** Any constant: one import at a time on a database. */
const IMPORT_LOCK = 7_146_040_001

const seconds = (since: number) => (performance.now() - since) / 1000

export async function runImport(opts: ImportOptions): Promise<ImportResult> {
  const started = performance.now()
  const log = opts.log ?? (() => {})
  const errors = new ErrorSink()
  const order = KINDS.map((k) => k.fichier)
  const files = listFiles(opts.folder, errors)
  const complet = new Set(opts.complet ?? [])
  for (const name of complet) {
    const kind = kindOfFile(name)
    if (!files.includes(name)) errors.add({ fichier: name, reason: '--complet : fichier absent du dossier' })
    else if (kind && !kind.complet) errors.add({ fichier: name, reason: '--complet n’est pas permis pour ce fichier' })
  }
  const reports = new Map<string, FileReport>()
  const finish = (status: ImportResult['status']): ImportResult => ({
    status,
    errors: errors.lines(order),
    errorCount: errors.total,
    files: files.map((f) => reports.get(f)!).filter(Boolean),
    seconds: seconds(started),
  })

  const client = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'silo-import' })
  client.on('error', () => {}) // a lost connection fails the running query: reported there
  await client.connect()
  try {
    await prepareSession(client)
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [IMPORT_LOCK])
    if (!rows[0]?.ok) throw new Error('un autre import est en cours sur cette base : attendez qu’il se termine')
    const hashes = new Map<string, string>()
    for (const f of files) hashes.set(f, await hashFile(join(opts.folder, f)))
    if (!opts.verifier) await watchTables(client, files, complet)
    const kinds = new Map(files.map((f) => [f, kindOfFile(f)!]))
    const unchanged = opts.relire
      ? new Map<string, Fingerprint>()
      : await unchangedFiles(client, files, kinds, hashes, complet)
    const staged = new Map<string, StagedFile>()
    /** Files refused whole (their header, their encoding, not a regular file): who cites them is not checked. */
    const refused = new Set<string>()
    for (const [i, fichier] of files.entries()) {
      const t = performance.now()
      const print = unchanged.get(fichier)
      if (print) {
        reports.set(fichier, { ...emptyReport(fichier), rows: print.lignes, inchange: true })
        log(`${fichier} : identique au dernier import, tables inchangées depuis : non relu`)
        continue
      }
      const file = await stageFile(client, join(opts.folder, fichier), kindOfFile(fichier)!, `stg_${i}`, errors).catch(
        (err: Error & { line?: number }) => {
          errors.add({ fichier, line: err.line, reason: err.message })
          refused.add(fichier)
          return null
        },
      )
      if (!file) continue
      if (file.unusable) refused.add(fichier)
      // Statistics for the checks' and the merge's plans: without them a small staging table can be
      // planned as the inner side of a nested loop, scanned once per row of a large one (65 s).
      if (!file.unusable) await client.query(`analyze ${file.table}`)
      staged.set(fichier, file)
      reports.set(fichier, {
        ...emptyReport(fichier),
        rows: file.rows,
        refused: file.refused,
        loadSeconds: seconds(t),
        windows1252: file.encoding === 'windows-1252',
      })
      log(`lu ${fichier} : ${file.rows} lignes en ${seconds(t).toFixed(1)} s`)
    }
    // An unchanged file's rows are in Silo as it says: the files citing it are checked against Silo's.
    const completRead = new Set([...complet].filter((f) => !unchanged.has(f)))
    const ctx: CheckContext = { client, staged, refused, complet: completRead, errors }
    await indexReferredKeys(ctx)
    for (const file of staged.values()) {
      if (file.unusable) continue
      const t = performance.now()
      await checkDuplicates(ctx, file)
      await checkReferences(ctx, file)
      if (complet.has(file.kind.fichier)) await checkRemoval(ctx, file)
      reports.get(file.kind.fichier)!.moved = await checkMoves(ctx, file, opts.changerDeTiers ?? false)
      reports.get(file.kind.fichier)!.checkSeconds = seconds(t)
    }
    for (const r of reports.values()) r.refused = Math.max(r.refused, Math.min(r.rows, errors.countOf(r.fichier)))
    if (errors.total > 0) return finish('refuse')
    if (opts.verifier) return finish('verifie')
    const options = { complet: completRead, bulkFrom: opts.bulkFrom ?? BULK_FROM }
    const prints = [...staged.values()].map((f): Fingerprint => ({
      fichier: f.kind.fichier,
      sha256: hashes.get(f.kind.fichier)!,
      format: formatOf(f.kind),
      lignes: f.rows,
      complet: complet.has(f.kind.fichier),
    }))
    await merge(client, [...staged.values()], options, reports, log, prints)
    return finish('importe')
  } finally {
    await client.end().catch(() => {})
  }
}

const emptyReport = (fichier: string): FileReport => ({
  fichier,
  rows: 0,
  refused: 0,
  loadSeconds: 0,
  checkSeconds: 0,
  mergeSeconds: 0,
  inserted: 0,
  updated: 0,
  removed: 0,
  moved: 0,
})

async function prepareSession(client: pg.Client) {
  // An instant without an offset is Paris time (contract/import/cells.ts `instant`): COPY reads the
  // staged instants in the session's time zone, in C, once.
  await client.query("set timezone = 'Europe/Paris'")
  // Staging tables live in the session's temp buffers: large enough for a day's delta in memory.
  await client.query("set temp_buffers = '128MB'")
  // Keys and indexes built once over a table filled from empty (bulk.ts): sorted in memory.
  await client.query("set maintenance_work_mem = '256MB'")
  // The duplicate check of 3 million delivery lines groups them in memory (at 64 MB, it spilled to disk: 3.4 s).
  await client.query("set work_mem = '256MB'")
  // ANALYZE of a staging table samples 300 × this many rows: enough to plan joins on it.
  await client.query('set default_statistics_target = 10')
  // A killed import's session stops at once instead of finishing a statement nobody will commit.
  await client.query("set client_connection_check_interval = '1s'").catch(() => {})
}

function listFiles(folder: string, errors: ErrorSink): string[] {
  let names: string[]
  try {
    names = readdirSync(folder).filter((n) => n.toLowerCase().endsWith('.csv'))
  } catch {
    errors.add({ fichier: folder, reason: 'dossier introuvable' })
    return []
  }
  for (const n of names) {
    if (!kindOfFile(n)) {
      errors.add({ fichier: n, reason: `fichier inconnu (noms attendus : ${KINDS.map((k) => k.fichier).join(', ')})` })
    }
  }
  if (names.length === 0) errors.add({ fichier: folder, reason: 'aucun fichier .csv dans le dossier' })
  return KINDS.map((k) => k.fichier).filter((f) => names.includes(f))
}

async function merge(
  client: pg.Client,
  files: StagedFile[],
  { complet, bulkFrom }: { complet: ReadonlySet<string>; bulkFrom: number },
  reports: Map<string, FileReport>,
  log: (line: string) => void,
  prints: Fingerprint[],
) {
  log('fusion : début (une transaction)')
  // Silo's tables keep statistics at the server's own precision (the coarse one is for staging).
  await client.query('reset default_statistics_target')
  await client.query('begin')
  try {
    // The snapshots' versions (migration 0008): not one member at a time while the import runs
    // (its transaction would hold every member's row, and an order would wait on it), but every
    // snapshot once at its end.
    await client.query(`select set_config('silo.versions_differees', 'on', true)`)
    for (const file of files) {
      const t = performance.now()
      const target = targetOf(file.kind.fichier)
      await forgetWrites(client, file.kind.fichier)
      const held = await estimatedRows(client, target.table)
      const rebuild = file.rows >= bulkFrom ? await dropForBulk(client, target.table) : null
      const counts = await mergeFile(client, file, target, rebuild)
      // The next files join this table (ids from natural keys): plan them on what it now holds, this
      // transaction's rows included, not on the statistics of the table it was (empty, at a first
      // import). Not for a day's delivery lines into three million: the statistics still hold, and
      // sampling the table again took 1.5 s of the delta's 2.4 s. Its list children too (a plan's
      // tranches' articles): never analyzed, a first import left them without statistics, and
      // PostgreSQL (without autovacuum, or before it came) planned an order's read of them as
      // 15,000 rows, JIT-compiled (issue 50).
      if (counts.inserted > 10_000 && counts.inserted > held / 10)
        for (const table of tablesOf(file.kind.fichier)) await client.query(`analyze ${table}`)
      const r = reports.get(file.kind.fichier)!
      Object.assign(r, { inserted: counts.inserted, updated: counts.updated, mergeSeconds: seconds(t) })
      const bulk = rebuild ? ' (table vide : clés et index construits une fois)' : ''
      log(`fusion ${file.kind.fichier} : ${counts.inserted} insérées, ${counts.updated} mises à jour${bulk}`)
    }
    if ((reports.get('exploitations.csv')?.moved ?? 0) > 0) await followExploitations(client, log)
    for (const file of [...files].reverse()) {
      if (!complet.has(file.kind.fichier)) continue
      const t = performance.now()
      const r = reports.get(file.kind.fichier)!
      r.removed = await removeAbsent(client, file, targetOf(file.kind.fichier))
      r.mergeSeconds += seconds(t)
      log(`fusion ${file.kind.fichier} : ${r.removed} supprimées`)
    }
    await rememberFiles(client, prints)
    const changed = [...reports.values()].some((r) => r.inserted + r.updated + r.removed > 0)
    if (changed) await client.query(VERSION_GLOBALE_SUIVANTE)
    log('fusion : validation')
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw new Error(
      `import annulé, rien n’a été écrit : ${frenchDatabaseError(err as Error & { code?: string; detail?: string })}`,
    )
  }
}

/** The table's rows as its statistics last counted them (0 when never counted). */
async function estimatedRows(client: pg.Client, table: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'select reltuples::float8 as n from pg_class where oid = $1::regclass',
    [table],
  )
  return Math.max(0, rows[0]?.n ?? 0)
}

function frenchDatabaseError(err: Error & { code?: string; detail?: string }): string {
  switch (err.code) {
    case '23503':
      return `une ligne en cite une autre qui n’existe pas ou plus (${err.detail ?? err.message})`
    case '23505':
      return `clé en double (${err.detail ?? err.message})`
    case '55P03':
    case '40P01':
      return `Silo utilisait les mêmes lignes au même moment : recommencez (${err.message})`
    default:
      return err.message
  }
}
