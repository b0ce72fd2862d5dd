// The cells of the cooperative's CSV files (issue 40), as French offices write them: decimal
// comma, dates dd/mm/yyyy or ISO, booleans O/N, empty cell for "none". Each schema takes the
// cell's text and gives the value Silo stores, or a French reason naming what was expected. The
// same schemas check the files (src/server/import) and describe them (docs/import.md).
import * as v from 'valibot'
import type { RegleIdentifiant } from '../identifiants'

/** A cell's schema, with what the documentation says of its format. */
export interface Cell<T = unknown> {
  schema: v.GenericSchema<string, T>
  /** Format as the documentation states it ("nombre décimal (virgule ou point)"). */
  format: string
  /** How the server stages it: a PostgreSQL type, or 'instant' (text read as Paris time unless it has an offset). */
  type: 'text' | 'int' | 'numeric' | 'date' | 'bool' | 'text[]' | 'instant'
  /** An empty cell is allowed (null). */
  optional: boolean
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

const cell = <T>(schema: v.GenericSchema<string, T>, format: string, type: Cell['type']): Cell<T> => ({
  schema,
  format,
  type,
  optional: false,
})

/** The same cell, empty allowed (gives null). */
export function opt<T>(c: Cell<T>): Cell<T | null> {
  return {
    schema: v.union(
      [
        // Spaces alone are an empty cell too (every cell is trimmed).
        v.pipe(
          v.string(),
          v.trim(),
          v.literal(''),
          v.transform((): null => null),
        ),
        c.schema,
      ],
      (issue) => firstReason(issue) ?? 'valeur invalide',
    ) as v.GenericSchema<string, T | null>,
    format: `${c.format}, ou vide`,
    type: c.type,
    optional: true,
  }
}

/** A union's own message hides its branches' reasons: keep the non-empty branch's. */
function firstReason(issue: v.BaseIssue<unknown>): string | undefined {
  const branches = issue.issues ?? []
  return branches.find((i) => i.expected !== '""')?.message
}

/** Text of 1 to `max` characters, no control character, trimmed. */
export const texte = (max = 200) =>
  cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('valeur requise'),
      v.check((s) => !CONTROL.test(s), 'caractère de contrôle interdit'),
      v.maxLength(max, `${max} caractères au plus`),
    ),
    `texte (${max} caractères au plus)`,
    'text',
  )

/** A code or number written as text: letters, digits, '-', '_', '.', '/' (numTiers, numArticle…). */
export const code = (max = 40) =>
  cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('valeur requise'),
      v.maxLength(max, `${max} caractères au plus`),
      v.regex(/^[\p{L}\p{N}_./-]+$/u, 'code attendu (lettres, chiffres, - _ . /)'),
    ),
    `code (${max} caractères au plus : lettres, chiffres, - _ . /)`,
    'text',
  )

/** An identifier the routes take too: its rule and message are src/contract/identifiants.ts's. */
export const identifiant = (r: RegleIdentifiant) =>
  cell(v.pipe(v.string(), v.trim(), v.nonEmpty('valeur requise'), v.regex(r.regex, r.message)), r.format, 'text')

/** One of a few codes. */
export const parmi = <const T extends string>(values: readonly T[]) =>
  cell(
    v.pipe(v.string(), v.trim(), v.picklist(values, `valeur attendue parmi ${values.join(', ')}`)) as v.GenericSchema<
      string,
      T
    >,
    `une valeur parmi ${values.join(', ')}`,
    'text',
  )

/** A whole number ≥ 0 (no sign, no decimals). */
export const entier = (max = 2_147_483_647) =>
  cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,10}$/, 'nombre entier attendu'),
      v.transform(Number),
      v.maxValue(max, `nombre entier de ${max} au plus attendu`),
    ),
    'nombre entier',
    'int',
  )

/** A decimal number ≥ 0, comma or point, at most 3 decimals (tonnes, kg, %). */
export const decimal = (max = 9_999_999) =>
  cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,7}([.,]\d{1,3})?$/, 'nombre attendu (virgule décimale, 3 décimales au plus)'),
      v.transform((s) => Number(s.replace(',', '.'))),
      v.maxValue(max, `nombre de ${max} au plus attendu`),
    ),
    'nombre décimal ≥ 0 (virgule ou point, 3 décimales au plus)',
    'numeric',
  )

const FR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'yyyy-MM-dd' of a real day between 1900 and 2999, or null. */
function isoDay(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null
  const back = new Date(Date.UTC(y, m - 1, d))
  if (back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

function parseDay(s: string): string | null {
  const fr = FR_DATE.exec(s)
  if (fr) return isoDay(Number(fr[3]), Number(fr[2]), Number(fr[1]))
  const iso = ISO_DATE.exec(s)
  return iso ? isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null
}

/** A calendar day: jj/mm/aaaa or aaaa-mm-jj; gives 'yyyy-MM-dd'. */
export const date = () =>
  cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform(parseDay),
      v.string('date attendue (jj/mm/aaaa ou aaaa-mm-jj) et existante'),
    ),
    'date jj/mm/aaaa ou aaaa-mm-jj',
    'date',
  )

const FR_INSTANT = /^(\d{2}\/\d{2}\/\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/

function parseInstant(s: string): string | null {
  const m = FR_INSTANT.exec(s) ?? ISO_INSTANT.exec(s)
  if (!m) return null
  const day = parseDay(m[1]!)
  const [hh, mm, ss] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)]
  if (!day || hh > 23 || mm > 59 || ss > 59) return null
  const offset = m[5] ?? ''
  return `${day}T${m[2]}:${m[3]}:${String(ss).padStart(2, '0')}${offset}`
}

/** An instant: jj/mm/aaaa hh:mm[:ss] or ISO 8601; Paris time unless an offset is written. */
export const instant = () =>
  cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform(parseInstant),
      v.string('date et heure attendues (jj/mm/aaaa hh:mm ou aaaa-mm-jjThh:mm[:ss][+01:00])'),
    ),
    'date et heure jj/mm/aaaa hh:mm[:ss] (heure de Paris) ou ISO 8601 avec décalage',
    'instant',
  )

const TRUE = ['o', 'oui', '1', 'true', 'vrai', 'x']
const FALSE = ['n', 'non', '0', 'false', 'faux']

/** O/N (also oui/non, 1/0, vrai/faux). */
export const booleen = () =>
  cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => s.toLowerCase()),
      v.check((s) => TRUE.includes(s) || FALSE.includes(s), 'O ou N attendu'),
      v.transform((s) => TRUE.includes(s)),
    ),
    'O ou N (oui/non, 1/0 acceptés)',
    'bool',
  )

/** Codes separated by '|' ('001|002'); an empty cell is an empty list. With `regle`, each code follows that identifier's rule. */
export const liste = (max = 40, regle?: RegleIdentifiant): Cell<string[]> => ({
  ...cell(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? [] : s.split('|').map((x) => x.trim()))),
      v.check(
        (items) => items.every((x) => /^[\p{L}\p{N}_.-]+$/u.test(x) && x.length <= max),
        'liste de codes séparés par | attendue',
      ),
      v.check(
        (items) => !regle || items.every((x) => regle.regex.test(x)),
        regle ? `${regle.message}, séparés par |` : '',
      ),
      v.check((items) => new Set(items).size === items.length, 'code en double dans la liste'),
    ),
    regle ? `${regle.format}, séparés par | (vide : aucun)` : 'codes séparés par | (vide : aucun)',
    'text[]',
  ),
  optional: true,
})
