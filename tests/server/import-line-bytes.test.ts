// COPY lines as bytes (src/server/import/line-bytes.ts): written line by line into one scratch
// buffer, they must be the very bytes the joined string gave, whatever the text and its length.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { linesAsBytes } from '../../src/server/import/line-bytes'

const joined = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`)

describe('linesAsBytes', () => {
  it('gives the bytes of the lines joined, each ended by a line break', () => {
    const lines = ['1\tt\tBL1\t410102\t8.5', 'Élevage de Kerbrat\tbœuf\t€', '\\N\t', '', '🐄\tvache']
    expect(linesAsBytes(lines)).toEqual(joined(lines))
    expect(linesAsBytes([])).toEqual(Buffer.alloc(0))
  })

  it('writes a lone surrogate as the encoder does (U+FFFD)', () => {
    expect(linesAsBytes(['a\ud800b', '\udc00'])).toEqual(joined(['a\ud800b', '\udc00']))
  })

  it('grows past its first megabyte, and a call does not change the bytes an earlier one gave', () => {
    const long = ['é'.repeat(700_000), 'x'.repeat(1_500_000), '中'.repeat(400_000)]
    const first = linesAsBytes(long)
    const second = linesAsBytes(['court'])
    // Buffer.equals: vitest's deep equality walks 3 MB byte by byte.
    expect(first.equals(joined(long))).toBe(true)
    expect(second).toEqual(joined(['court']))
    expect(first.equals(joined(long))).toBe(true)
  })

  it('agrees with the joined string on any text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 50 }), (lines) => {
        expect(linesAsBytes(lines)).toEqual(joined(lines))
      }),
      { numRuns: 200 },
    )
  })
})
