// The accounts a file names for `npm run invitations -- envoyer --fichier` (issue 48): one
// identifier a line, or the first column of a CSV (comma, or Excel's semicolon; quotes allowed),
// a header line tolerated (a first cell that names a column, not an account), blank lines and a
// byte-order mark ignored.
const HEADER = /^(identifiant|username|num_?tiers|numtiers|numero|numéro|compte|tiers|login)$/i

export function identifiersOf(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const ids: string[] = []
  for (const [i, line] of lines.entries()) {
    const cell = firstCell(line)
    if (cell === '' || (i === 0 && HEADER.test(cell))) continue
    ids.push(cell)
  }
  return ids
}

function firstCell(line: string): string {
  const trimmed = line.trim()
  if (trimmed.startsWith('"')) {
    const end = trimmed.indexOf('"', 1)
    return (end < 0 ? trimmed.slice(1) : trimmed.slice(1, end)).trim()
  }
  return trimmed.split(/[;,\t]/)[0]!.trim()
}
