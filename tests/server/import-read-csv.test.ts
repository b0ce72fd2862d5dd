// The CSV reader of the import (issue 40): files as French offices write them, each record with the
// line it ends on, and a file that cannot be read refused with its line, in French.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readCsv, type CsvRecord } from '../../src/server/import/read-csv'

const dir = mkdtempSync(join(tmpdir(), 'silo-read-csv-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let n = 0
function file(content: string | Buffer): string {
  const path = join(dir, `f${n++}.csv`)
  writeFileSync(path, content)
  return path
}

async function all(path: string): Promise<CsvRecord[]> {
  const out: CsvRecord[] = []
  for await (const batch of readCsv(path)) out.push(...batch)
  return out
}

describe('readCsv', () => {
  it('reads a BOM, CRLF, quoted cells across lines, doubled quotes and empty lines, with each record’s last line', async () => {
    const path = file('\uFEFFa;b\r\n1;"x\r\ny"\r\n\r\n2;"il dit ""oui"""\r\n3;fin')
    expect(await all(path)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', 'x\r\ny'] },
      { line: 5, cells: ['2', 'il dit "oui"'] },
      { line: 6, cells: ['3', 'fin'] },
    ])
  })

  it('counts the lines of a file whose line break is a lone CR (an old Mac export)', async () => {
    expect(await all(file('a;b\r1;"x\ry"\r2;z\r'))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', 'x\ry'] },
      { line: 4, cells: ['2', 'z'] },
    ])
  })

  it('takes , as the separator when the header has no ;', async () => {
    expect(await all(file('a,b\n"1,5",2\n'))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1,5', '2'] },
    ])
  })

  it('keeps the lines right over chunks, a CRLF cut between its CR and LF after a quoted cell included', async () => {
    // Records of 17 bytes, `"NNNNNNNN";"xy"\r\n`, after a header of a length that puts a CR last in
    // the first 1 MiB chunk and its LF first in the next.
    const count = 200_000
    const body = Array.from({ length: count }, (_, i) => `"${String(i).padStart(8, '0')}";"xy"\r\n`).join('')
    const headerLength = 17 + ((1024 * 1024 + 1) % 17)
    const text = `${'a'.repeat(headerLength - 4)};b\r\n${body}`
    expect(Buffer.byteLength(text.slice(0, 1024 * 1024))).toBe(1024 * 1024)
    expect(text[1024 * 1024 - 1]).toBe('\r')
    const records = await all(file(text))
    expect(records).toHaveLength(count + 1)
    for (const i of [0, 65_535, 65_536, 65_537, count - 1]) {
      expect(records[i + 1]).toEqual({ line: i + 2, cells: [String(i).padStart(8, '0'), 'xy'] })
    }
  })

  it('refuses a quote never closed, and a closing quote followed by something else, with the line', async () => {
    await expect(all(file('a;b\n1;2\n3;"ouvert\n4;5\n'))).rejects.toMatchObject({
      line: 3,
      message: 'CSV illisible : guillemet ouvert jamais fermé',
    })
    await expect(all(file('a;b\n1;2\n3;"x"y\n'))).rejects.toMatchObject({
      line: 3,
      message: 'CSV illisible : guillemet fermant suivi d’autre chose que le séparateur',
    })
  })

  it('refuses a quote left open at the start of a large file without reading the rest as one cell', async () => {
    const rest = Array.from({ length: 150_000 }, (_, i) => `${i};valeur ${i}`).join('\n')
    await expect(all(file(`a;b\n1;"jamais fermé\n${rest}\n`))).rejects.toMatchObject({
      line: 2,
      message: 'CSV illisible : guillemet ouvert jamais fermé',
    })
  })

  it('refuses UTF-16 and Windows-1252, naming the line of the first foreign byte', async () => {
    await expect(all(file(Buffer.from('\uFEFFa;b\n', 'utf16le')))).rejects.toMatchObject({ line: 1 })
    await expect(all(file(Buffer.from('a;b\n1;2\n3;PRÉ\n', 'latin1')))).rejects.toMatchObject({
      line: 3,
      message: expect.stringMatching(/^le fichier n’est pas en UTF-8 .*octet 0xC9 ligne 3\)$/),
    })
  })
})
