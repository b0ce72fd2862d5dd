// Writes one CSV file of the synthetic cooperative as a French office would: ';' separator,
// decimal comma, dd/mm/yyyy dates, O/N, UTF-8. Rows are streamed to the file in chunks (with
// back-pressure): millions of rows never sit in memory.
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { finished } from 'node:stream/promises'
import type { Kind } from '../../../contract/import/kind'

export type CellValue = string | number | boolean | null | undefined

const NEEDS_QUOTES = /[;"\n\r]/

function cell(value: CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'O' : 'N'
  if (typeof value === 'number') return String(value).replace('.', ',')
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`

export interface CsvWriter {
  /** Cells in the order of the kind's columns. */
  row(cells: readonly CellValue[]): Promise<void>
  close(): Promise<number>
}

const CHUNK = 512 * 1024

export function csvWriter(folder: string, kind: Kind): CsvWriter {
  const out = createWriteStream(join(folder, kind.fichier))
  const width = Object.keys(kind.colonnes).length
  let buffer = `${Object.keys(kind.colonnes).join(';')}\n`
  let rows = 0
  const flush = async () => {
    const ok = out.write(buffer)
    buffer = ''
    if (!ok) await once(out, 'drain')
  }
  return {
    async row(cells) {
      if (cells.length !== width) throw new Error(`${kind.fichier}: ${cells.length} cells, ${width} columns`)
      buffer += `${cells.map(cell).join(';')}\n`
      rows++
      if (buffer.length > CHUNK) await flush()
    },
    async close() {
      await flush()
      out.end()
      await finished(out)
      return rows
    },
  }
}

/** Writes every row `rows` yields into the kind's file; returns how many. */
export async function writeFile(folder: string, kind: Kind, rows: Iterable<readonly CellValue[]>): Promise<number> {
  const w = csvWriter(folder, kind)
  for (const r of rows) await w.row(r)
  return w.close()
}
