// The import's report as the command prints it (issue 40): the errors `fichier:ligne:colonne —
// raison`, then per file the rows read, inserted, updated, removed and refused, and the rows given
// to another member on purpose (--changer-de-tiers, issue 49).
import type { ImportResult } from './run'

const n = (x: number) => x.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ')

export function formatReport(result: ImportResult): string[] {
  const out = [...result.errors]
  if (out.length) out.push('')
  const head = ['fichier', 'lignes', 'insérées', 'mises à jour', 'supprimées', 'refusées']
  const rows = result.files.map((f) => [f.fichier, n(f.rows), n(f.inserted), n(f.updated), n(f.removed), n(f.refused)])
  const total = result.files.reduce(
    (t, f) => ({
      rows: t.rows + f.rows,
      inserted: t.inserted + f.inserted,
      updated: t.updated + f.updated,
      removed: t.removed + f.removed,
      refused: t.refused + f.refused,
    }),
    { rows: 0, inserted: 0, updated: 0, removed: 0, refused: 0 },
  )
  rows.push(['total', n(total.rows), n(total.inserted), n(total.updated), n(total.removed), n(total.refused)])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  out.push(line(head), ...rows.map(line), '')
  // An office's Excel saves Windows-1252 (issue 49): read, and said, so a file saved otherwise is not a surprise.
  for (const f of result.files) if (f.windows1252) out.push(`${f.fichier} lu en Windows-1252 (pas en UTF-8)`)
  const same = result.files.filter((f) => f.inchange)
  if (same.length)
    out.push(
      `Identique(s) au dernier import, sur des tables que rien n’a modifiées depuis : ${same.map((f) => f.fichier).join(', ')} — non relu(s) (--relire pour tout relire).`,
    )
  const moved = result.files.filter((f) => f.moved > 0)
  if (moved.length && result.status !== 'refuse') {
    const each = moved.map((f) => `${f.fichier} ${n(f.moved)}`).join(', ')
    const total = moved.reduce((t, f) => t + f.moved, 0)
    out.push(`Changements de tiers (--changer-de-tiers) : ${n(total)} ligne(s) données à un autre tiers (${each}).`)
  }
  const time = `${result.seconds.toFixed(1)} s`
  switch (result.status) {
    case 'verifie':
      out.push(
        `Vérification : ${result.files.length} fichier(s), ${n(total.rows)} lignes, aucune erreur (${time}). Rien n’a été écrit.`,
      )
      break
    case 'importe':
      out.push(
        `Import terminé : ${n(total.inserted)} insérées, ${n(total.updated)} mises à jour, ${n(total.removed)} supprimées (${time}).`,
      )
      break
    case 'refuse':
      out.push(
        `${result.errorCount} erreur(s), ${n(total.refused)} ligne(s) refusée(s) : rien n’a été écrit (${time}). ` +
          'Corrigez les fichiers et recommencez (--verifier pour vérifier seulement).',
      )
  }
  return out
}
