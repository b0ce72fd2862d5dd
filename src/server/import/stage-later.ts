// A file whose empty table takes its rows from its direct file (direct-copy.ts), and whose staging
// table no check reads on a first import unless something is wrong (stagedLater), keeps no staging
// rows of its own as it is read (issue 49): the columns the checks read are in its direct file
// already. When a check asks for them after all (a file out of its key's order, a reference no
// foreign key covers, a foreign key refused), they are copied from the direct file, each row given
// back the line it was read at. Rows follow one another line after line; where they do not (a
// quoted cell over several lines, a row refused for its width, which is in neither file), the
// reader marked the row and its line.
// Written aside as the file was read, those rows cost the import's process 11 % of its CPU on the
// synthetic cooperative's first import (farm-bench, 4 runs each: 32.2 → 28.8 s; wall 43.5 → 40.3 s),
// for staging tables that nothing read.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { copyFromFile } from './direct-files'

/** Marks kept as a CASE in SQL; past it, in a table of their own. */
const INLINE_MARKS = 64

/** Where the rows of a direct file were read: the rows whose line does not follow the row's before. */
export class LineMarks {
  private readonly rows: number[] = []
  private readonly lines: number[] = []
  private count = 0
  private last = Number.NaN

  /** The next row written to the direct file was read at `line`. */
  next(line: number): void {
    this.count++
    if (line !== this.last + 1) {
      this.rows.push(this.count)
      this.lines.push(line)
    }
    this.last = line
  }

  /** The line of row `n` (from 1, in SQL), given the marks as `table` (lookup) when there are many. */
  lineOf(n: string, table: string): string {
    if (this.rows.length === 0) return 'null::integer'
    if (this.rows.length > INLINE_MARKS)
      return `(select ${n} + m.ecart from ${table} m where m.rang <= ${n} order by m.rang desc limit 1)::integer`
    const cases = this.rows.map((row, i) => `when ${n} >= ${row} then ${n} + ${this.lines[i]! - row}`).reverse()
    return `(case ${cases.join(' ')} end)::integer`
  }

  /** The marks as COPY text (rank, then line minus rank), or null when they stay inline. */
  copyText(): string | null {
    if (this.rows.length <= INLINE_MARKS) return null
    return this.rows.map((row, i) => `${row}\t${this.lines[i]! - row}\n`).join('')
  }
}

/**
 * Fills the staging table `table` (its `_ligne` and `columns`) from the direct file at `path`,
 * whose columns are `direct` with their SQL types. On the session that stages (staging.ts).
 */
export async function stageFromDirect(
  client: pg.Client,
  opts: {
    table: string
    columns: string[]
    path: string
    direct: Array<{ name: string; type: string }>
    marks: LineMarks
  },
): Promise<void> {
  const { table, columns, path, direct, marks } = opts
  const rows = `${table.replace(/\W/g, '_')}_lignes`
  const lookup = `${table.replace(/\W/g, '_')}_reperes`
  const q = (name: string) => `"${name}"`
  await client.query(
    `create temp table ${rows} (_rang bigint generated always as identity, ${direct.map((c) => `${q(c.name)} ${c.type}`).join(', ')})`,
  )
  try {
    await copyFromFile(
      client,
      path,
      rows,
      direct.map((c) => q(c.name)),
    )
    const text = marks.copyText()
    if (text !== null) {
      await client.query(`create temp table ${lookup} (rang bigint primary key, ecart bigint not null)`)
      await copyText(client, lookup, text)
    }
    await client.query(
      `insert into ${table} (_ligne, ${columns.map(q).join(', ')})
       select ${marks.lineOf('r._rang', lookup)}, ${columns.map((c) => `r.${q(c)}`).join(', ')} from ${rows} r`,
    )
  } finally {
    await client.query(`drop table if exists ${rows}, ${lookup}`)
  }
}

async function copyText(client: pg.Client, table: string, text: string): Promise<void> {
  await pipeline(Readable.from([Buffer.from(text)]), client.query(copyFrom(`copy ${table} from stdin`)))
}
