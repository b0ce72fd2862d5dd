// docs/spec-trace.md names, for each rule and message of the two specification files, the tests
// that prove it: every test it names must exist, under exactly that name (issue 27).
import { describe, expect, it } from 'vitest'
import { checkSpecTrace, checkTrace, testNamesIn } from '../../scripts/check-spec-trace'

describe('the specification trace', () => {
  it('names only tests that exist, in the file named, under their exact name', () => {
    const report = checkSpecTrace()
    expect(report.missing).toEqual([])
    expect(report.rules).toBeGreaterThan(300)
    expect(report.rulesWithTest).toBeGreaterThan(report.noTest.length)
  })

  it('reads test names as the runner shows them', () => {
    const source = [
      "it('a plain name', () => {})",
      'test("double \\"quoted\\"", async () => {})',
      "it('the farmer\\'s words', () => {})",
      'test(`${staff} goes to the member selection`, async () => {})',
      "test.describe('a group', () => { test.skip('a skipped one', () => {}) })",
      "it.each(ROWS)(\n  '$name: never a 5xx',\n  () => {},\n)",
      "describe('not a test', () => {}); split('x'); submit('y')",
      "test(\n  'on two lines',\n  () => {},\n)",
    ].join('\n')
    expect(testNamesIn(source)).toEqual([
      'a plain name',
      'double "quoted"',
      "the farmer's words",
      '${staff} goes to the member selection',
      'a skipped one',
      '$name: never a 5xx',
      'on two lines',
    ])
  })

  it('fails on a name that does not exist or a row without its 5 cells; counts AUCUN TEST, deviations and continuation rows', () => {
    const markdown = [
      '## a.md',
      '### §1 Screens',
      '| § | rule or message | test file | test name | note |',
      '|---|---|---|---|---|',
      '| 1 | First rule | `tests/x.test.ts` | `a plain name` | |',
      '| | | `tests/x.test.ts` | `a name \\| with a pipe` | |',
      '| 2 | Second rule | AUCUN TEST | AUCUN TEST | ÉCART : hors connexion |',
      '| 3 | Third rule | `tests/x.test.ts` | `not there` | |',
      '| 4 | Fourth rule | `tests/nope.test.ts` | `a plain name` | À CORRIGER |',
      '| 5 | Fifth rule | `tests/x.test.ts` | `a plain name` |',
    ].join('\n')
    const files: Record<string, string> = {
      'tests/x.test.ts': "it('a plain name', () => {})\nit('a name | with a pipe', () => {})",
    }
    const report = checkTrace(markdown, (f) => files[f] ?? null)
    expect(report).toMatchObject({ rules: 4, rulesWithTest: 1, testsNamed: 4 })
    expect(report.noTest.map((r) => [r.where, r.rule])).toEqual([['a.md — §1 Screens', 'Second rule']])
    expect(report.deviations).toHaveLength(1)
    expect(report.toFix).toHaveLength(1)
    expect(report.missing.map((m) => [m.line, m.reason])).toEqual([
      [10, 'a table row without its 5 cells'],
      [8, 'no test of that name'],
      [9, 'no such file'],
    ])
  })
})
