// The files of direct-copy.ts, written as the CSV files are read (stage.ts): a folder of the
// import's own (mode 0700), removed when the import ends, and by the next import if this one was
// killed (its process gone).
import { createReadStream, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

const PREFIX = 'silo-import-direct-'

/** Removes the folders of killed imports (their process gone): at every import, first. */
export function removeLeftovers(): void {
  for (const name of safeList(tmpdir())) {
    const pid = Number(name.slice(PREFIX.length).split('-')[0])
    if (!name.startsWith(PREFIX) || !Number.isInteger(pid) || pid <= 0 || alive(pid)) continue
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true })
    } catch {
      // Another user's: theirs to remove.
    }
  }
}

/**
 * The import's folder for these files, or null when none can be made there (the rows then go
 * through their staging tables, as a merge into a table that holds rows does).
 */
export function openDirectFolder(log: (line: string) => void): { dir: string; remove(): void } | null {
  let dir: string
  try {
    dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`))
  } catch (err) {
    log(`pas de dossier temporaire dans ${tmpdir()} (${(err as Error).message}) : tables vides remplies plus lentement`)
    return null
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * One file's COPY text, written as it is read. A write that fails (a full disk) fails the file's
 * reading with the reason: its staging table holds only the columns the checks read (checkedColumns).
 */
export class DirectWriter {
  private readonly handle: Promise<FileHandle>

  constructor(readonly path: string) {
    this.handle = open(path, 'w', 0o600)
    this.handle.catch(() => {}) // reported by the first write
  }

  async write(bytes: Buffer): Promise<void> {
    try {
      await (await this.handle).write(bytes)
    } catch (err) {
      throw notWritten(err)
    }
  }

  /** Throws when the file could not be made or written whole. */
  async close(): Promise<void> {
    try {
      await (await this.handle).close()
    } catch (err) {
      throw notWritten(err)
    }
  }
}

const notWritten = (err: unknown) =>
  new Error(`écriture impossible dans ${tmpdir()} (espace disque ?) : ${(err as Error).message}`)

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM'
  }
}

/**
 * A file's rows into `table` (its columns as given): one COPY, at PostgreSQL's speed.
 * `freeze`: the table was emptied in this transaction (bulk.ts), its rows go in already frozen and
 * its pages marked all-visible (COPY … FREEZE): see merge.ts.
 */
export async function copyFromFile(
  client: pg.Client,
  path: string,
  table: string,
  columns: string[],
  { freeze = false } = {},
): Promise<number> {
  const sink = client.query(
    copyFrom(`copy ${table} (${columns.join(', ')}) from stdin${freeze ? ' with (freeze)' : ''}`),
  )
  await pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), sink)
  return sink.rowCount ?? 0
}
