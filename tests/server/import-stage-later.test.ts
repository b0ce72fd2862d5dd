// Issue 49: on a first import a file whose rows go straight to their empty table keeps no staging
// rows as it is read (stage-later.ts); when a check needs them (here a file out of its key's order,
// whose duplicates are looked for in SQL), they are copied from the direct file, each given back
// the line it was read at, quoted cells over several lines included. With few such cells the lines
// are worked out inline, with many through a table of marks: both name the same lines as the file.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runImport } from '../../src/server/import/run'
import { copyFolder, emptyDatabase, importBackends, smallCooperative, tempFolder } from './support/import'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const folder = tempFolder('stage-later')
let coop: string
beforeAll(async () => {
  coop = await smallCooperative(join(folder.dir, 'coop'), 20)
})
afterAll(() => folder.remove())

/**
 * articles.csv out of order (reversed, `extra` new articles first), the label of its first
 * `spread` records over two lines, and its `twice`-th record again at its end: the folder, the
 * line of that record and of its copy.
 */
function articlesOutOfOrder(name: string, spread: number, extra: number, twice: number) {
  const dir = copyFolder(coop, join(folder.dir, name))
  const file = join(dir, 'articles.csv')
  const [head, ...rows] = readFileSync(file, 'utf8').split('\n').filter(Boolean)
  const columns = head!.split(';')
  const label = columns.indexOf('libelle')
  const key = columns.indexOf('numArticle')
  const added = Array.from({ length: extra }, (_, i) => {
    const cells = rows[i % rows.length]!.split(';')
    cells[key] = String(990_000 + i)
    return cells.join(';')
  })
  const records = [...added.reverse(), ...rows.reverse()].map((row, i) => {
    if (i >= spread) return row
    const cells = row.split(';')
    cells[label] = `"${cells[label]}\nsur deux lignes"`
    return cells.join(';')
  })
  records.push(records[twice]!)
  writeFileSync(file, [head, ...records].map((r) => `${r}\n`).join(''))
  // Record i starts after the header and the lines of the records before it.
  const lineOf = (i: number) => 2 + i + Math.min(i, spread)
  return { dir, original: lineOf(twice), copy: lineOf(records.length - 1) }
}

describe.each(importBackends)('staging rows copied from the direct file ($name)', ({ url: serverUrl }) => {
  it.each([
    ['a few records over two lines (lines worked out inline)', 3, 0, 10],
    ['many records over two lines (lines through a table of marks)', 100, 120, 150],
  ])('%s: a key twice is reported at its lines in the file', async (name, spread, extra, twice) => {
    const { dir, original, copy } = articlesOutOfOrder(`out-of-order-${spread}`, spread, extra, twice)
    const db = await emptyDatabase(serverUrl)
    try {
      const r = await runImport({ databaseUrl: db.url, folder: dir })
      expect(r.status).toBe('refuse')
      const twiceErrors = r.errors.filter((e) => e.includes('clé en double'))
      expect(twiceErrors).toHaveLength(1)
      expect(twiceErrors[0]).toMatch(
        new RegExp(`^articles\\.csv:${copy}:numArticle — clé en double .*déjà ligne ${original}$`),
      )
    } finally {
      await db.drop()
    }
  })
})
