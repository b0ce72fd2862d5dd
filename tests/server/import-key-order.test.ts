// The proof, while a file is read, that it holds each key once (issue 40): it only ever spares the
// SQL duplicate check, so it must never call a file with a key twice distinct.
import { describe, expect, it } from 'vitest'
import { keyWatch } from '../../src/server/import/key-order'

const watch = (types: ('text' | 'int')[], rows: string[][]) => {
  const w = keyWatch(types)
  for (const r of rows) w.see(r)
  return w.distinct
}

describe('keyWatch', () => {
  it('proves a file sorted by its leading columns, the last one in any order within a run', () => {
    const lignes = [
      ['BL1', '1'],
      ['BL1', '2'],
      ['BL2', '3'],
      ['BL2', '1'],
      ['BL10', '1'],
    ]
    // Text order for the delivery number (BL10 < BL2): not sorted that way.
    expect(watch(['text', 'int'], lignes)).toBe(false)
    expect(watch(['text', 'int'], lignes.slice(0, 4))).toBe(true)
    // Numbers compare as numbers: 9 then 10 goes forward.
    expect(
      watch(
        ['int', 'text'],
        [
          ['9', 'PREPAREE'],
          ['9', 'ENREGISTREE'],
          ['10', 'ENREGISTREE'],
        ],
      ),
    ).toBe(true)
  })

  it('proves nothing when a key comes twice, in a run or after the leading columns went back', () => {
    expect(
      watch(
        ['text', 'int'],
        [
          ['BL1', '1'],
          ['BL1', '2'],
          ['BL1', '1'],
        ],
      ),
    ).toBe(false)
    expect(
      watch(
        ['text', 'int'],
        [
          ['BL1', '1'],
          ['BL2', '1'],
          ['BL1', '2'],
        ],
      ),
    ).toBe(false)
  })

  it('a one-column key is proven only strictly increasing', () => {
    expect(watch(['int'], [['1'], ['2'], ['10']])).toBe(true)
    expect(watch(['text'], [['x'], ['x']])).toBe(false)
    expect(watch(['int'], [['2'], ['1']])).toBe(false)
  })

  it('leaves keys with an empty column out, as the SQL check does', () => {
    expect(
      watch(
        ['text', 'int'],
        [
          ['BL1', '1'],
          ['BL1', '\\N'],
          ['BL1', '\\N'],
          ['BL1', '2'],
        ],
      ),
    ).toBe(true)
  })

  it('gives up on a run longer than it keeps', () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => ['BL1', String(10_001 - i)])
    expect(watch(['text', 'int'], rows)).toBe(false)
    expect(watch(['text', 'int'], rows.slice(0, 10_000))).toBe(true)
  })
})
