// The CSV reader of the import (issue 40): files as French offices write them, each record with the
// line it starts on (issue 49: a record across lines is reported where it begins), and a file that
// cannot be read refused with its line, in French: what its encoding looks like (UTF-16, binary; a
// file that is not UTF-8 is read as Windows-1252, issue 49),
// and anything but a regular file (a link, a FIFO, a device) refused without being read.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CsvFileError, readCsv, type CsvRecord, type Encoding } from '../../src/server/import/read-csv'

const dir = mkdtempSync(join(tmpdir(), 'silo-read-csv-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Windows-1252's characters outside Latin-1 that the tests write (Latin-1's are their own byte). */
const CP1252 = new Map([
  ['€', 0x80],
  ['Œ', 0x8c],
  ['œ', 0x9c],
])

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
  it('reads a BOM, CRLF, quoted cells across lines, doubled quotes and empty lines, with each record’s first line', async () => {
    const path = file('\uFEFFa;b\r\n1;"x\r\ny"\r\n\r\n2;"il dit ""oui"""\r\n3;fin')
    expect(await all(path)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x\r\ny'] },
      { line: 5, cells: ['2', 'il dit "oui"'] },
      { line: 6, cells: ['3', 'fin'] },
    ])
  })

  it('counts the lines of a file whose line break is a lone CR (an old Mac export)', async () => {
    expect(await all(file('a;b\r1;"x\ry"\r2;z\r'))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x\ry'] },
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
    // the first 1 MiB and its LF first after it: a chunk's end whatever the chunks' size (16 KB).
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

  it('reads a file that is not UTF-8 as Windows-1252, and says so', async () => {
    const cp1252 = (t: string) => Buffer.from(new Uint8Array([...t].map((c) => CP1252.get(c) ?? c.charCodeAt(0))))
    const seen: { encoding?: Encoding } = {}
    const read: CsvRecord[] = []
    for await (const batch of readCsv(file(cp1252('a;b\r\n1;ŒUF\r\n3;PRÉ €\r\n')), seen)) read.push(...batch)
    expect(read).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'ŒUF'] },
      { line: 3, cells: ['3', 'PRÉ €'] },
    ])
    expect(seen.encoding).toBe('windows-1252')
    // Far down a large file (its first chunks ASCII), and as the file's last byte.
    const rows = Array.from({ length: 200_000 }, (_, i) => `${i};EARL ${i}`)
    rows[150_000] = '150000;EARL DU PRÉ'
    const far = await all(file(cp1252(`a;b\n${rows.join('\n')}\n`)))
    expect(far[150_001]).toEqual({ line: 150_002, cells: ['150000', 'EARL DU PRÉ'] })
    expect(far).toHaveLength(200_001)
    expect(await all(file(cp1252('a;b\n1;É')))).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'É'] },
    ])
    // Its first non-ASCII byte the last of a 1 MiB chunk: held by the UTF-8 decoder, then read as Windows-1252.
    const head = 'a;b\n1;'
    const cut = `${head}${'x'.repeat(1024 * 1024 - head.length - 1)}É\n2;y\n`
    const atCut = await all(file(cp1252(cut)))
    expect(atCut[1]!.cells[1]!.endsWith('xÉ')).toBe(true)
    expect(atCut[2]).toEqual({ line: 3, cells: ['2', 'y'] })
    const utf8: { encoding?: Encoding } = {}
    for await (const batch of readCsv(file('a;b\n1;PRÉ\n'), utf8)) expect(batch).toHaveLength(2)
    expect(utf8.encoding).toBe('utf-8')
  })

  it('refuses a file that mixes UTF-8 and Windows-1252, or a byte Windows-1252 leaves undefined, with its line', async () => {
    const mixed = Buffer.concat([Buffer.from('a;b\n1;PRÉ\n2;x\n'), Buffer.from('3;PRÉ\n', 'latin1')])
    await expect(all(file(mixed))).rejects.toMatchObject({
      line: 4,
      message: expect.stringMatching(/^le fichier mêle UTF-8 et un autre encodage .*CSV UTF-8.*octet 0xC9 ligne 4\)$/),
    })
    // A BOM says UTF-8: a foreign byte after it is not read as Windows-1252.
    await expect(all(file(Buffer.from('\xEF\xBB\xBFa;b\n1;PR\xC9\n', 'latin1')))).rejects.toMatchObject({
      line: 2,
      message: expect.stringMatching(/^le fichier mêle UTF-8/),
    })
    await expect(all(file(Buffer.from('a;b\n1;x\n2;\x81\n', 'latin1')))).rejects.toMatchObject({
      line: 3,
      message: expect.stringMatching(/^le fichier n’est ni en UTF-8 ni en Windows-1252 .*octet 0x81 ligne 3\)$/),
    })
  })

  it('says which UTF-16 a file is in, with or without its BOM, little- or big-endian', async () => {
    const text = 'numTiers;raisonSociale\n300001;EARL DU PRÉ\n'
    const be = (t: string) => Buffer.from(t, 'utf16le').swap16()
    const cases: Array<[Buffer, string]> = [
      [Buffer.from(`\uFEFF${text}`, 'utf16le'), 'UTF-16 LE avec BOM'],
      [Buffer.from(text, 'utf16le'), 'UTF-16 LE sans BOM'],
      [be(`\uFEFF${text}`), 'UTF-16 BE avec BOM'],
      [be(text), 'UTF-16 BE sans BOM'],
    ]
    for (const [bytes, said] of cases) {
      const refused = await all(file(bytes)).catch((e: Error) => e)
      expect(refused).toMatchObject({ line: 1, message: expect.stringContaining(`le fichier est en ${said}`) })
      expect((refused as Error).message).toContain('CSV UTF-8')
      expect((refused as Error).message).not.toContain('Windows-1252')
    }
  })

  it('says binary data, or an Excel workbook, is not text, instead of guessing Windows-1252', async () => {
    await expect(all(file(Buffer.alloc(100_000)))).rejects.toMatchObject({
      line: undefined,
      message: expect.stringMatching(/^le fichier n’est pas du texte \(données binaires/),
    })
    await expect(all(file(Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1')))).rejects.toMatchObject({
      message: expect.stringMatching(/^le fichier est un classeur Excel \(\.xlsx\), pas un CSV/),
    })
  })

  it('refuses a symbolic link, a FIFO and a device without reading them (a link’s target never shown)', async () => {
    const secret = file('root:*:19000:0:99999:7:::\n')
    const link = join(dir, 'lien.csv')
    symlinkSync(secret, link)
    const refusal = (await all(link).catch((e: Error) => e)) as CsvFileError
    expect(refusal).toBeInstanceOf(CsvFileError)
    expect(refusal.line).toBeUndefined()
    expect(refusal.message).toBe(
      'refusé sans être lu : c’est un lien symbolique, pas un fichier ordinaire ; copiez le fichier lui-même dans le dossier',
    )
    const zero = join(dir, 'zero.csv')
    symlinkSync('/dev/zero', zero)
    await expect(all(zero)).rejects.toMatchObject({ message: expect.stringContaining('c’est un lien symbolique') })
    // A FIFO that no one writes to: opening it to read would wait for ever.
    const fifo = join(dir, 'tube.csv')
    execFileSync('mkfifo', [fifo])
    await expect(all(fifo)).rejects.toMatchObject({ message: expect.stringContaining('c’est un tube nommé (FIFO)') })
    // A device itself (mknod needs rights a test lacks): /dev/zero, as a folder could hold it.
    await expect(all('/dev/zero')).rejects.toMatchObject({ message: expect.stringContaining('c’est un périphérique') })
    await expect(all(dir)).rejects.toMatchObject({ message: expect.stringContaining('c’est un dossier') })
  })
})
