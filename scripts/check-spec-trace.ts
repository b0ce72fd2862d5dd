// Checks docs/spec-trace.md (issue 27): every test the table names exists, in the file it names,
// under exactly that name. Rows marked AUCUN TEST do not fail the check; they are counted and
// listed, as are the deliberate deviations (ÉCART) and the known departures still to fix (À CORRIGER).
//
//   node --import tsx scripts/check-spec-trace.ts    (npm run spec:trace)
//
// The table: one per spec section, columns | § | rule or message | test file | test name | note |.
// A row whose rule cell is empty adds one more test to the rule above it. Cells may be wrapped in
// backticks; a pipe inside a cell is written \|.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const NO_TEST = 'AUCUN TEST'
const DEVIATION = 'ÉCART'
const TO_FIX = 'À CORRIGER'

interface Row {
  /** 1-based line in the markdown file. */
  line: number
  /** The spec file and section the row sits under (its ## and ### headings). */
  where: string
  section: string
  rule: string
  file: string
  name: string
  note: string
}

interface Rule {
  first: Row
  rows: Row[]
}

interface Missing {
  line: number
  file: string
  name: string
  reason: string
}

interface TraceReport {
  rules: number
  rulesWithTest: number
  testsNamed: number
  /** Rules none of whose rows names a test. */
  noTest: Row[]
  /** Rules with a deliberate deviation (ÉCART) in a note. */
  deviations: Row[]
  /** Rules with a known departure still to fix (À CORRIGER) in a note. */
  toFix: Row[]
  missing: Missing[]
}

/** Splits a markdown table row on its unescaped pipes; `\|` stays inside the cell as `|`. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '')
  return inner.split(/(?<!\\)\|/).map((c) => clean(c))
}

function clean(cell: string): string {
  const trimmed = cell.trim().replace(/\\\|/g, '|')
  const code = /^`([\s\S]*)`$/.exec(trimmed)
  return code ? code[1]! : trimmed
}

/** The rules of the trace table, each with its rows (a row per test), and the lines of rows that are not 5 cells. */
function parseTrace(markdown: string): { rules: Rule[]; malformed: number[] } {
  const rules: Rule[] = []
  const malformed: number[] = []
  let spec = ''
  let heading = ''
  markdown.split('\n').forEach((text, i) => {
    const h2 = /^##\s+(.*)$/.exec(text)
    const h3 = /^###\s+(.*)$/.exec(text)
    if (h2) [spec, heading] = [h2[1]!.trim(), '']
    else if (h3) heading = h3[1]!.trim()
    if (!text.trim().startsWith('|')) return
    const c = cells(text)
    if (c[0] === '§' || c.every((x) => /^:?-*:?$/.test(x))) return
    if (c.length !== 5) return void malformed.push(i + 1)
    const [section, rule, file, name, note] = c as [string, string, string, string, string]
    const row: Row = {
      line: i + 1,
      where: [spec, heading].filter(Boolean).join(' — '),
      section,
      rule,
      file,
      name,
      note,
    }
    const last = rules.at(-1)
    if (rule === '' && last) last.rows.push(row)
    else rules.push({ first: row, rows: [row] })
  })
  return { rules, malformed }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' }

function unescape(body: string): string {
  return body.replace(/\\(\r\n|[\s\S])/g, (_, ch: string) => (ch === '\n' || ch === '\r\n' ? '' : (ESCAPES[ch] ?? ch)))
}

/**
 * The names of the tests a file declares with test(…) or it(…) (and their .only, .skip, .each(…)
 * forms), as the runner shows them: string escapes read, a template literal's ${…} kept as written.
 * test.describe and describe are groups, not tests: only the leaf names count.
 */
export function testNamesIn(source: string): string[] {
  const call =
    /(?<![\w$.])(?:test|it)(?:\.(?:only|skip|fixme|fail|fails|concurrent|sequential|todo|slow|each\([^)]*\)))*\s*\(\s*(['"`])((?:\\[\s\S]|(?!\1)[^\\])*)\1/g
  return [...source.matchAll(call)].map((m) => unescape(m[2]!))
}

/** Checks a trace table against the test files `read` gives (null when a file does not exist). */
export function checkTrace(markdown: string, read: (file: string) => string | null): TraceReport {
  const { rules, malformed } = parseTrace(markdown)
  const names = new Map<string, Set<string> | null>()
  const namesOf = (file: string) => {
    if (!names.has(file)) {
      const source = read(file)
      names.set(file, source === null ? null : new Set(testNamesIn(source)))
    }
    return names.get(file)!
  }
  const report: TraceReport = {
    rules: rules.length,
    rulesWithTest: 0,
    testsNamed: 0,
    noTest: [],
    deviations: [],
    toFix: [],
    missing: malformed.map((line) => ({ line, file: '', name: '', reason: 'a table row without its 5 cells' })),
  }
  for (const rule of rules) {
    if (rule.rows.some((r) => r.note.includes(DEVIATION))) report.deviations.push(rule.first)
    if (rule.rows.some((r) => r.note.includes(TO_FIX))) report.toFix.push(rule.first)
    let tested = false
    for (const row of rule.rows) {
      if (row.file === NO_TEST || row.name === NO_TEST) {
        if (row.file !== row.name)
          report.missing.push({
            line: row.line,
            file: row.file,
            name: row.name,
            reason: `${NO_TEST} in one column only`,
          })
        continue
      }
      report.testsNamed++
      const found = namesOf(row.file)
      if (found === null)
        report.missing.push({ line: row.line, file: row.file, name: row.name, reason: 'no such file' })
      else if (!found.has(row.name))
        report.missing.push({ line: row.line, file: row.file, name: row.name, reason: 'no test of that name' })
      else tested = true
    }
    if (tested) report.rulesWithTest++
    else if (rule.rows.every((r) => r.file === NO_TEST)) report.noTest.push(rule.first)
  }
  return report
}

/** Checks docs/spec-trace.md of the repository at `root` against its test files. */
export function checkSpecTrace(root = process.cwd()): TraceReport {
  const markdown = readFileSync(join(root, 'docs/spec-trace.md'), 'utf8')
  return checkTrace(markdown, (file) => {
    const path = resolve(root, file)
    return path.startsWith(resolve(root, 'tests')) && existsSync(path) ? readFileSync(path, 'utf8') : null
  })
}

function summary(r: TraceReport): string {
  const out = [
    `Rules and messages traced: ${r.rules}`,
    `  with a test:       ${r.rulesWithTest}`,
    `  AUCUN TEST:        ${r.noTest.length}`,
    `  with a deliberate deviation (${DEVIATION}): ${r.deviations.length}`,
    `  with a departure to fix (${TO_FIX}): ${r.toFix.length}`,
    `Tests named: ${r.testsNamed}, not found: ${r.missing.length}`,
  ]
  const list = (title: string, rows: Row[]) => {
    if (rows.length === 0) return
    out.push('', title)
    let where = ''
    for (const row of rows) {
      if (row.where !== where) out.push(`  ${(where = row.where)}`)
      out.push(`    § ${row.section}: ${row.rule} (line ${row.line})`)
    }
  }
  list(`${NO_TEST}:`, r.noTest)
  list(`${DEVIATION}:`, r.deviations)
  list(`${TO_FIX}:`, r.toFix)
  if (r.missing.length > 0) {
    out.push('', 'Tests named but not found:')
    for (const m of r.missing) out.push(`  line ${m.line}: ${m.file} › ${m.name} (${m.reason})`)
  }
  return out.join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const report = checkSpecTrace()
  console.log(summary(report))
  process.exitCode = report.missing.length > 0 ? 1 : 0
}
