// The import's one transaction (issue 40), open from the first file read to the end: the staging
// tables, the checks and the merge are all in it. Files are merged one by one, each as soon as it is
// checked, while the next file is read (run.ts); it commits only once every file is merged and no
// file had an error, and is rolled back otherwise (and always under --verifier): the import is
// applied whole or not at all.
import type pg from 'pg'
import { analyzeSql, dropForBulk, type Rebuild } from './bulk'
import { forgetWrites, rememberFiles, tablesOf, type Fingerprint } from './fingerprints'
import { mergeFile, removeAbsent, worthAnalyzing, type Counts } from './merge'
import { followExploitations } from './owners'
import type { StagedFile } from './stage'
import { targetOf } from './targets'
import { VERSION_GLOBALE_SUIVANTE } from '../services/versions-hors-connexion'

interface MergeReport extends Counts {
  fichier: string
  mergeSeconds: number
  moved: number
}

interface MergeOptions {
  /** Files merged as full snapshots (rows absent from them removed at the end). */
  complet: ReadonlySet<string>
  /** A file of at least this many rows going into an empty table is loaded the bulk way (bulk.ts). */
  bulkFrom: number
  reports: ReadonlyMap<string, MergeReport>
  log: (line: string) => void
}

const seconds = (since: number) => (performance.now() - since) / 1000

export interface Prepared {
  held: number
  rebuild: Rebuild | null
  /** Filled by the rebuild: the table's foreign keys whose check failed. */
  refused: string[]
}

export class MergeTransaction {
  private begun = false
  private merging = false
  private readonly merged: StagedFile[] = []

  constructor(
    private readonly client: pg.Client,
    private readonly opts: MergeOptions,
  ) {}

  /**
   * Before a file's checks: its table emptied of its keys when it is filled from empty (bulk.ts),
   * its own foreign keys then checked when they are added back, in place of the SQL checks they
   * cover (run.ts).
   */
  async prepare(file: StagedFile): Promise<Prepared> {
    return this.guard(async () => {
      if (!this.merging) this.opts.log('fusion : début (une transaction)')
      this.merging = true
      const target = targetOf(file.kind.fichier)
      await forgetWrites(this.client, file.kind.fichier)
      const held = await estimatedRows(this.client, target.table)
      const refused: string[] = []
      const rebuild = file.rows >= this.opts.bulkFrom ? await dropForBulk(this.client, target.table, refused) : null
      return { held, rebuild, refused }
    })
  }

  /** Merges one checked file; gives back the foreign keys refused when added back (bulk.ts). */
  async merge(file: StagedFile, { held, rebuild, refused }: Prepared): Promise<string[]> {
    await this.guard(async () => {
      const t = performance.now()
      const target = targetOf(file.kind.fichier)
      const counts = await mergeFile(this.client, file, target, rebuild)
      // The next files join this table (ids from natural keys): plan them on what it now holds, this
      // transaction's rows included, not on the statistics of the table it was (empty, at a first
      // import). Not for a day's delivery lines into three million: the statistics still hold, and
      // sampling the table again took 1.5 s of the delta's 2.4 s. Its list children too (a plan's
      // tranches' articles): never analyzed, a first import left them without statistics, and
      // PostgreSQL (without autovacuum, or before it came) planned an order's read of them as
      // 15,000 rows, JIT-compiled (issue 50). A table filled from empty has had them taken by its
      // rebuild, before its foreign keys were checked (bulk.ts).
      if (worthAnalyzing(counts.inserted, held))
        for (const table of tablesOf(file.kind.fichier))
          if (!(counts.analyzed && table === target.table)) await this.client.query(analyzeSql(table))
      const r = this.opts.reports.get(file.kind.fichier)!
      Object.assign(r, { inserted: counts.inserted, updated: counts.updated, mergeSeconds: seconds(t) })
      this.merged.push(file)
      const bulk = rebuild ? ' (table vide : clés et index construits une fois)' : ''
      this.opts.log(`fusion ${file.kind.fichier} : ${counts.inserted} insérées, ${counts.updated} mises à jour${bulk}`)
    })
    return refused
  }

  /** Once every file is merged: removals (--complet), fingerprints, snapshots' version, commit. */
  async commit(prints: Fingerprint[]): Promise<void> {
    const { client, opts } = this
    await this.guard(async () => {
      if ((opts.reports.get('exploitations.csv')?.moved ?? 0) > 0) await followExploitations(client, opts.log)
      for (const file of [...this.merged].reverse()) {
        if (!opts.complet.has(file.kind.fichier)) continue
        const t = performance.now()
        const r = opts.reports.get(file.kind.fichier)!
        r.removed = await removeAbsent(client, file, targetOf(file.kind.fichier))
        r.mergeSeconds += seconds(t)
        opts.log(`fusion ${file.kind.fichier} : ${r.removed} supprimées`)
      }
      await rememberFiles(client, prints)
      const changed = [...opts.reports.values()].some((r) => r.inserted + r.updated + r.removed > 0)
      if (changed) await client.query(VERSION_GLOBALE_SUIVANTE)
      opts.log('fusion : validation')
      await client.query('commit')
      this.begun = false
    })
  }

  /** Nothing merged is kept (an error was found after the merge began). */
  async rollback(): Promise<void> {
    if (!this.begun) return
    this.begun = false
    await this.client.query('rollback').catch(() => {})
  }

  /** Before the first file is staged. */
  async begin() {
    await this.client.query('begin')
    this.begun = true
    // The snapshots' versions (migration 0008): not one member at a time while the import runs
    // (its transaction would hold every member's row, and an order would wait on it), but every
    // snapshot once at its end.
    await this.client.query(`select set_config('silo.versions_differees', 'on', true)`)
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      await this.rollback()
      throw new Error(
        `import annulé, rien n’a été écrit : ${frenchDatabaseError(err as Error & { code?: string; detail?: string })}`,
      )
    }
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
