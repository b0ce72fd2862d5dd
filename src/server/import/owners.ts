// Nothing moved without saying so (issue 49): a row that would give a farm, a building, a lot or a
// bank domiciliation Silo already has to another member is refused — an ERP's export that shifts a
// column would otherwise hand one member's farms to another in silence — unless the import is run
// with --changer-de-tiers on purpose; then the moves are counted in the report. Addresses and
// accounts cannot move: their key holds the member's number (numTiers + numAdr, the username).
import type pg from 'pg'
import type { CheckContext } from './checks'
import type { StagedFile } from './stage'

interface OwnedKind {
  /** The row as the message names it: « l’exploitation 3 ». */
  noun: string
  /** Its pronoun in « le fichier la donne au tiers … ». */
  pronoun: 'le' | 'la'
  table: string
  /** The key: the file's column and the table's. */
  key: [string, string]
  /** The file's column that decides the member (where the error points). */
  column: string
  /** SQL over the staged row `s`: the member the row will belong to after the import. */
  next(ctx: CheckContext): string
}

/** The member of the row's exploitation after the import: the folder's exploitations.csv, else Silo's. */
function memberOfExploitation(ctx: CheckContext): string {
  const silo = `(select e.num_tiers from exploitations e where e.num_exploitation = s."numExploitation")`
  const staged = ctx.staged.get('exploitations.csv')
  if (!staged || staged.unusable) return silo
  return `coalesce((select x."numTiers" from ${staged.table} x where x."numExploitation" = s."numExploitation"), ${silo})`
}

const OWNED: Record<string, OwnedKind> = {
  'exploitations.csv': {
    noun: 'l’exploitation',
    pronoun: 'la',
    table: 'exploitations',
    key: ['numExploitation', 'num_exploitation'],
    column: 'numTiers',
    next: () => 's."numTiers"',
  },
  // A building's and a lot's member is their exploitation's (the merge derives it so).
  'batiments.csv': {
    noun: 'le bâtiment',
    pronoun: 'le',
    table: 'batiments',
    key: ['numBatiment', 'num_batiment'],
    column: 'numExploitation',
    next: memberOfExploitation,
  },
  'lots.csv': {
    noun: 'le lot',
    pronoun: 'le',
    table: 'lots',
    key: ['numLot', 'num_lot'],
    column: 'numExploitation',
    next: memberOfExploitation,
  },
  'domiciliations.csv': {
    noun: 'la domiciliation bancaire',
    pronoun: 'la',
    table: 'domiciliations_bancaires',
    key: ['numDomiciliationBancaire', 'num_domiciliation_bancaire'],
    column: 'numTiers',
    next: () => 's."numTiers"',
  },
}

/** The file's column naming the member a row belongs to, when its rows may move (checkMoves). */
export const ownerColumn = (fichier: string): string | undefined => OWNED[fichier]?.column

const LIMIT = 1000

/**
 * The rows of `file` that give an existing row to another member: errors, or with
 * `--changer-de-tiers` only counted. Returns how many rows move.
 */
export async function checkMoves(ctx: CheckContext, file: StagedFile, allowed: boolean): Promise<number> {
  const owned = OWNED[file.kind.fichier]
  if (!owned || !file.present.includes(owned.column)) return 0
  await file.ready()
  const [key, column] = owned.key
  const { rows } = await ctx.client.query<{ ligne: number; cle: string; avant: string; apres: string; n: string }>(
    `select s._ligne as ligne, s."${key}"::text as cle, t.num_tiers as avant, n.apres, count(*) over () as n
       from ${file.table} s
       join ${owned.table} t on t.${column} = s."${key}"
       cross join lateral (select ${owned.next(ctx)} as apres) n
      where n.apres <> t.num_tiers
      order by s._ligne limit ${LIMIT}`,
  )
  const moves = Number(rows[0]?.n ?? 0)
  if (allowed) return moves
  for (const r of rows) {
    ctx.errors.add({
      fichier: file.kind.fichier,
      line: r.ligne,
      column: owned.column,
      reason:
        `${owned.noun} ${r.cle} appartient au tiers ${r.avant} ; le fichier ${owned.pronoun} donne au tiers ${r.apres}` +
        ' (--changer-de-tiers pour le vouloir)',
    })
  }
  return moves
}

/**
 * Exploitations moved on purpose (--changer-de-tiers) take their buildings and lots with them,
 * those of the folder's files as those Silo alone has: a building's member is its exploitation's.
 */
export async function followExploitations(client: pg.Client, log: (line: string) => void): Promise<void> {
  const buildings = await client.query(
    `update batiments b set num_tiers = e.num_tiers from exploitations e
      where e.num_exploitation = b.num_exploitation and b.num_tiers <> e.num_tiers`,
  )
  const lots = await client.query(
    `update lots l set num_tiers = b.num_tiers from batiments b
      where b.num_batiment = l.num_batiment and l.num_tiers <> b.num_tiers`,
  )
  log(
    `changement de tiers : ${buildings.rowCount ?? 0} bâtiment(s) et ${lots.rowCount ?? 0} lot(s) suivent leur exploitation`,
  )
}
