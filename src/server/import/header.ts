// A file's header line and its records' width, as the import reads them (stage.ts): Excel's empty
// trailing columns ignored, columns in any order, one error for all that is wrong with a header.
import { requiredColumns, type Kind } from '../../contract/import/kind'
import type { ErrorSink } from './errors'

/** A name from the file, as the report shows it (a header is the file's own text: kept short). */
const shown = (name: string) => `« ${name.length > 40 ? `${name.slice(0, 40)}…` : name} »`

interface Header {
  /** The columns' names, trimmed, in the file's order, without the empty ones that end the line. */
  names: string[]
  /** Cells of the header line, empty trailing ones included (Excel's empty last column). */
  cells: number
}

/**
 * The header's columns, in any order, or null after ONE error saying all that is wrong with it and
 * the columns the file may have: a file refused for its header is one mistake, not one per column.
 */
export function readHeader(kind: Kind, cells: string[], errors: ErrorSink): Header | null {
  const names = cells.map((c) => c.trim())
  let width = names.length
  while (width > 0 && names[width - 1] === '') width--
  const unknown: string[] = []
  const twice: string[] = []
  const seen = new Set<string>()
  for (const [i, name] of names.slice(0, width).entries()) {
    if (name === '') unknown.push(`colonne sans nom (la ${i + 1}e)`)
    else if (!(name in kind.colonnes)) unknown.push(`colonne inconnue ${shown(name)}`)
    else if (seen.has(name)) twice.push(`colonne en double ${shown(name)}`)
    seen.add(name)
  }
  const required = requiredColumns(kind)
  const absent = required.filter((name) => !seen.has(name)).map((name) => `colonne obligatoire absente ${shown(name)}`)
  const wrong = [...unknown, ...twice, ...absent]
  if (wrong.length === 0) return { names: names.slice(0, width), cells: names.length }
  const expected = Object.keys(kind.colonnes).map((name) => (required.includes(name) ? `${name}*` : name))
  errors.add({
    fichier: kind.fichier,
    line: 1,
    reason: `${wrong.join(' ; ')} : fichier refusé (colonnes de ${kind.fichier}, dans n’importe quel ordre, * obligatoire : ${expected.join(', ')})`,
  })
  return null
}

/** Why a record of `length` cells does not fit a header of `header.names` and its empty trailing cells, or null. */
export function widthError(header: Header, cells: string[]): string | null {
  const width = header.names.length
  if (cells.length < width || cells.length > header.cells)
    return `${cells.length} colonnes au lieu de ${width}${header.cells > width ? ` (ou ${header.cells} avec les colonnes vides de la fin)` : ''}`
  for (let i = width; i < cells.length; i++) {
    if (cells[i]!.trim() !== '') return `valeur sous une colonne sans nom (la ${i + 1}e : ${shown(cells[i]!)})`
  }
  return null
}
