// `npm run import:docs`: writes the reference part of docs/import.md (one section and one example
// file per kind) from the import's definitions (src/contract/import): the documentation cannot
// say other than what the import checks. tests/server/import-kinds.test.ts fails when the file is
// out of date.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { requiredColumns, type Kind } from '../src/contract/import/kind'
import { KINDS } from '../src/contract/import/kinds'

export const START = '<!-- début de la référence : générée par `npm run import:docs`, ne pas modifier à la main -->'
export const END = '<!-- fin de la référence -->'

const cellText = (s: string) => (/[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

function section(k: Kind): string {
  const required = new Set(requiredColumns(k))
  const rows = Object.entries(k.colonnes).map(
    ([name, c]) =>
      `| \`${name}\`${k.cle.includes(name) ? ' (clé)' : ''} | ${required.has(name) ? 'oui' : 'non'} | ${c.cell.format} | ${c.description} |`,
  )
  const example = [Object.keys(k.colonnes), ...k.exemples].map((r) => r.map(cellText).join(';'))
  return [
    `### ${k.fichier} — ${k.titre}`,
    '',
    k.description,
    '',
    `Clé : ${k.cle.map((c) => `\`${c}\``).join(' + ')}. Retrait : ${k.suppression}`,
    '',
    '| colonne | en-tête obligatoire | format | description |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    'Exemple :',
    '',
    '```csv',
    ...example,
    '```',
    '',
  ].join('\n')
}

/** The generated part, markers included. */
export function renderReference(): string {
  const order = KINDS.map((k, i) => `${i + 1}. \`${k.fichier}\` — ${k.titre}`)
  return [
    START,
    '',
    '## Référence des fichiers',
    '',
    'Dans l’ordre où l’import les applique (un fichier peut citer les lignes des fichiers placés avant lui, ou des lignes que Silo a déjà) :',
    '',
    ...order,
    '',
    ...KINDS.map(section),
    END,
  ].join('\n')
}

export const DOC = fileURLToPath(new URL('../docs/import.md', import.meta.url))

/** docs/import.md with its reference part replaced by `renderReference()`. */
export function withReference(doc: string): string {
  const from = doc.indexOf(START)
  const to = doc.indexOf(END)
  if (from < 0 || to < 0) return `${doc.trimEnd()}\n\n${renderReference()}\n`
  return `${doc.slice(0, from)}${renderReference()}${doc.slice(to + END.length)}`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOC, withReference(readFileSync(DOC, 'utf8')))
  console.log(`${DOC} : référence de ${KINDS.length} fichiers écrite`)
}
