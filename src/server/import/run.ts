// `npm run import -- <dossier> [--verifier] [--complet <fichier>…]` (issue 40): the files of a
// folder are read, checked and staged one by one, and, unless --verifier or any error, merged in
// ONE transaction as they come (transaction.ts): the import is applied whole or not at all, and a
// request never sees half of it.
// A kill -9 at any point leaves Silo's tables as they were (the transaction is never committed);
// only the copies of the files stay behind, out of Silo's schema, until the next import
// (staging.ts).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { KINDS, kindOfFile } from '../../contract/import/kinds'
import {
  checkDuplicates,
  checkReferences,
  referencesCheckedByForeignKeys,
  stagingIndexes,
  type CheckContext,
} from './checks'
import { checkRemoval } from './removal'
import { ErrorSink } from './errors'
import { formatOf, hashFile, unchangedFiles, watchTables, type Fingerprint } from './fingerprints'
import type { Counts } from './merge'
import { planDirect, type DirectPlan } from './direct-copy'
import type { Reference } from './target'
import { checkMoves } from './owners'
import { CopyBudget } from './copy-segments'
import { stageFile, type StagedFile } from './stage'
import { serialSession } from './session'
import { openStaging, type Staging } from './staging'
import { MergeTransaction } from './transaction'

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

const PARALLEL_FOR_THE_LAST = 'set max_parallel_maintenance_workers = 1'

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

  const connection = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'silo-import' })
  connection.on('error', () => {}) // a lost connection fails the running query: reported there
  await connection.connect()
  const client = serialSession(connection)
  let staging: Staging | null = null
  let direct: DirectPlan | null = null
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
    for (const [fichier, print] of unchanged) {
      reports.set(fichier, { ...emptyReport(fichier), rows: print.lignes, inchange: true })
      log(`${fichier} : identique au dernier import, tables inchangées depuis : non relu`)
    }
    const toRead = files.filter((f) => !unchanged.has(f))
    // An unchanged file's rows are in Silo as it says: the files citing it are checked against Silo's.
    const completRead = new Set([...complet].filter((f) => !unchanged.has(f)))
    const merged = new Set<string>()
    const ctx: CheckContext = {
      client,
      staged,
      reading: new Set(toRead),
      refused,
      merged,
      complet: completRead,
      errors,
    }
    const stager = await openStaging(opts.databaseUrl, client, prepareSession, log)
    staging = stager
    direct = await planDirect(client, opts.verifier ? [] : toRead, completRead, log) // --verifier: nothing merged, all staged
    const stop = new AbortController()
    const budget = new CopyBudget()
    const readOne = async (i: number): Promise<StagedFile | null> => {
      const fichier = toRead[i]!
      const t = performance.now()
      const path = join(opts.folder, fichier)
      const indexes = (file: StagedFile) => stagingIndexes(ctx.reading, file)
      const how = { budget, create: stager.create, signal: stop.signal, indexes, direct: direct?.option(fichier, i) }
      const file = await stageFile(stager.session, path, kindOfFile(fichier)!, stager.table(i), errors, how).catch(
        (err: Error & { line?: number }) => {
          errors.add({ fichier, line: err.line, reason: err.message })
          refused.add(fichier)
          return null
        },
      )
      if (!file) return null
      if (file.unusable) refused.add(fichier)
      staged.set(fichier, file)
      reports.set(fichier, {
        ...emptyReport(fichier),
        rows: file.rows,
        refused: file.refused,
        loadSeconds: seconds(t),
        windows1252: file.encoding === 'windows-1252',
      })
      log(`lu ${fichier} : ${file.rows} lignes en ${seconds(t).toFixed(1)} s`)
      return file
    }
    const transaction = new MergeTransaction(client, {
      complet: completRead,
      bulkFrom: opts.bulkFrom ?? BULK_FROM,
      reports,
      log,
    })
    await transaction.begin()
    // Three things at once: the files are read and checked in JavaScript, one after the other, and
    // copied by the staging session (staging.ts), while those read before are checked in SQL and
    // merged by this one. A file is checked once every file it cites is staged (KINDS order), and
    // merged only while no error was found: from the first error on, the files are still read and
    // checked, for the report, and the transaction is rolled back at the end.
    const reads: Array<Promise<StagedFile | null>> = []
    for (const [i] of toRead.entries()) reads.push((reads[i - 1] ?? Promise.resolve()).then(() => readOne(i)))
    try {
      for (const read of reads) {
        const file = await read
        if (!file || file.unusable) continue
        try {
          await file.copied
        } catch (err) {
          errors.add({ fichier: file.kind.fichier, reason: (err as Error).message })
          refused.add(file.kind.fichier)
          continue
        }
        const t = performance.now()
        const report = reports.get(file.kind.fichier)!
        await checkDuplicates(ctx, file)
        // A file filled from empty: the references its table's own foreign keys check when they are
        // added back are not checked twice; if one is refused, they are checked then, to name the rows.
        const merging = !opts.verifier && errors.total === 0
        const covered = merging ? await referencesCheckedByForeignKeys(ctx, file) : []
        const prepared = merging ? await transaction.prepare(file) : null
        const deferred = prepared?.rebuild ? covered : []
        const isDeferred = (ref: Reference) => deferred.some((d) => d.ref === ref)
        await checkReferences(ctx, file, (ref) => !isDeferred(ref))
        if (complet.has(file.kind.fichier)) await checkRemoval(ctx, file)
        report.moved = await checkMoves(ctx, file, opts.changerDeTiers ?? false)
        report.checkSeconds = seconds(t)
        if (!prepared || errors.total > 0) {
          if (deferred.length) await checkReferences(ctx, file, isDeferred)
          continue
        }
        // The last file is merged alone: nothing is read any more and one core is idle. Its key and
        // indexes may be built by two processes (3 million delivery lines: key 2.1 → 1.5 s). Not its
        // foreign keys' checks: PostgreSQL plans them without parallel workers, whatever the setting.
        if (read === reads.at(-1)) await client.query(PARALLEL_FOR_THE_LAST)
        const refusedKeys = await transaction.merge(file, prepared)
        merged.add(file.kind.fichier)
        if (refusedKeys.length === 0) continue
        const before = errors.total
        await checkReferences(ctx, file, (ref) =>
          deferred.some((d) => d.ref === ref && refusedKeys.includes(d.constraint)),
        )
        if (errors.total === before)
          throw new Error(`import annulé, rien n’a été écrit : clé étrangère refusée (${refusedKeys.join(', ')})`)
      }
    } catch (err) {
      stop.abort()
      await Promise.allSettled(reads)
      await transaction.rollback()
      throw err
    }
    for (const r of reports.values()) r.refused = Math.max(r.refused, Math.min(r.rows, errors.countOf(r.fichier)))
    if (errors.total > 0) {
      await transaction.rollback()
      return finish('refuse')
    }
    if (opts.verifier) {
      await transaction.rollback()
      return finish('verifie')
    }
    const prints = [...staged.values()].map((f): Fingerprint => ({
      fichier: f.kind.fichier,
      sha256: hashes.get(f.kind.fichier)!,
      format: formatOf(f.kind),
      lignes: f.rows,
      complet: complet.has(f.kind.fichier),
    }))
    await transaction.commit(prints)
    return finish('importe')
  } finally {
    await client.end().catch(() => {})
    await staging?.close()
    direct?.remove()
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
  // Keys and indexes built by one process each: the import already keeps both cores busy (its
  // reading, its two sessions), and parallel workers took the CPU from Silo's requests. Orders at
  // 10/s during a first import: p99 3.4–3.7× their p99 alone against 4.8–6.8× with 2 workers, the
  // import no slower (bench:import, in turns; docs/figures.md).
  await client.query('set max_parallel_maintenance_workers = 0')
  // ANALYZE of a staging table samples 300 × this many rows: enough to plan joins on it.
  await client.query('set default_statistics_target = 10')
  // A killed import's session stops at once instead of finishing a statement nobody will commit.
  await client.query("set client_connection_check_interval = '1s'").catch(() => {})
  // Written out every 256 kB, not left for the kernel to flush by the hundred megabytes while an
  // order's commit queues behind them (decision 0060; orders' p99 5.2–5.5× → 2.3–4.2× their p99 alone).
  await client.query("set backend_flush_after = '256kB'").catch(() => {})
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
