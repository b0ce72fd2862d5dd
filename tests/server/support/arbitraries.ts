// Request bodies and queries for the fuzz suite, derived from the valibot schemas of src/api (the
// one contract of what crosses the wire) and mixed with hostile values: most fields keep a valid
// example's value so that the deep rules run, a few take a value the schema allows, a value it
// refuses, or one meant to break something (NUL, control characters, impossible dates, huge
// numbers, duplicates, wrong types).
import fc from 'fast-check'

/** The parts of a valibot schema this walker reads (valibot's schemas are plain objects). */
interface SchemaNode {
  type: string
  entries?: Record<string, SchemaNode>
  wrapped?: SchemaNode
  item?: SchemaNode
  options?: readonly unknown[]
  pipe?: readonly { type: string; requirement?: unknown }[]
}
const node = (schema: unknown) => schema as SchemaNode

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'Silo\u0000du fond',
  '\u0007\u001b[31m',
  'ligne\nautre',
  '\r\n',
  '\u007f',
  '\ud800',
  '💥🐄',
  '2026-02-30',
  '0000-00-00',
  '9999-99-99',
  '2026-13-01',
  '1899-12-31',
  '2026-2-3',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '997:',
  '997:\u0000xx',
  '997:<b>x</b>',
  '',
  ' ',
  '0 5',
  '1,5',
  '-1',
  '1e309',
  '1e-320',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(5000),
  'é'.repeat(300),
]
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1e-320,
  5e-324,
  1e-9,
  1e-10,
  1e308,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  -(2 ** 31),
  0.1 + 0.2,
  12.5004,
  29.0001,
]

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS)
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS, null, true, false) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [null], { a: '\u0000' }, ['x', 'x']) },
)

const regexOf = (n: SchemaNode): RegExp | null => {
  const r = n.pipe?.find((a) => a.type === 'regex')?.requirement
  return r instanceof RegExp ? r : null
}

/** Values the schema may accept (or nearly): the walker's idea of a well-formed value. */
export function fromSchema(schema: unknown, example?: unknown, depth = 0): fc.Arbitrary<unknown> {
  const n = node(schema)
  if (depth > 6) return fc.constant(example ?? null)
  switch (n.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return objectFrom(n, example, depth)
    case 'nullable':
    case 'nullish':
    case 'optional':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(n.type === 'optional' ? undefined : null) },
        { weight: 3, arbitrary: fromSchema(n.wrapped, example, depth + 1) },
      )
    case 'array': {
      const item = fromSchema(n.item, Array.isArray(example) ? example[0] : undefined, depth + 1)
      const arrays: fc.Arbitrary<unknown>[] = [fc.array(item, { maxLength: 4 })]
      // A listed item twice: a duplicate the database's primary key would refuse.
      if (Array.isArray(example) && example.length > 0)
        arrays.push(fc.constant([example[0], example[0]]), fc.constant(example))
      return fc.oneof(...arrays)
    }
    case 'union':
      return fc.oneof(...(n.options ?? []).map((o) => fromSchema(o, example, depth + 1)))
    case 'picklist':
      return fc.constantFrom(...((n.options ?? ['']) as unknown[]))
    case 'string': {
      const regex = regexOf(n)
      const strings: fc.Arbitrary<unknown>[] = [
        fc.string({ maxLength: 24 }),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
      ]
      if (regex) strings.push(fc.stringMatching(regex).filter((s) => s.length <= 64))
      if (typeof example === 'string') strings.push(fc.constant(example))
      return fc.oneof(...strings)
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: -5, max: 200 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(...HOSTILE_NUMBERS),
      )
    case 'boolean':
      return fc.boolean()
    default:
      return hostileValue
  }
}

const OMIT = Symbol('omit')

function objectFrom(n: SchemaNode, example: unknown, depth: number): fc.Arbitrary<unknown> {
  const ex =
    example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {}
  const keys = Object.keys(n.entries ?? {})
  const fields: Record<string, fc.Arbitrary<unknown>> = {}
  for (const key of keys) {
    const choices: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
      { weight: 1, arbitrary: fromSchema(n.entries![key], ex[key], depth + 1) },
      { weight: 1, arbitrary: hostileValue },
      { weight: 1, arbitrary: fc.constant(OMIT) },
    ]
    // With an example, most fields keep it, so one or two changed fields reach the deep rules.
    if (key in ex) choices.push({ weight: Math.max(6, keys.length * 2), arbitrary: fc.constant(ex[key]) })
    fields[key] = fc.oneof(...choices)
  }
  return fc.record(fields).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== OMIT)))
}

/** A query string's values: the example's, a string the schema may accept, or a hostile one; sometimes absent. */
export function queryFrom(schema: unknown, example: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const n = node(schema)
  const fields: Record<string, fc.Arbitrary<string | typeof OMIT>> = {}
  for (const [key, entry] of Object.entries(n.entries ?? {})) {
    const inner = node(entry).wrapped ?? node(entry)
    const regex = regexOf(inner)
    const choices: fc.Arbitrary<string | typeof OMIT>[] = [
      hostileString,
      fc.constant(OMIT),
      fc.string({ maxLength: 16 }),
    ]
    if (regex) choices.push(fc.stringMatching(regex).filter((s) => s.length <= 64))
    if (inner.type === 'picklist') choices.push(fc.constantFrom(...((inner.options ?? ['']) as string[])))
    fields[key] =
      key in example
        ? fc.oneof({ weight: 3, arbitrary: fc.constant(example[key]!) }, { weight: 2, arbitrary: fc.oneof(...choices) })
        : fc.oneof(...choices)
  }
  return fc
    .record(fields)
    .map((r) => Object.fromEntries(Object.entries(r).filter((e): e is [string, string] => e[1] !== OMIT)))
}
