// Gives a customer a long order history (issue 17: replies stay bounded whatever it is). Also used
// to measure reply sizes on a database filled this way.
import type { Db } from '../../../src/server/db/client'
import { commandeLignes, commandes } from '../../../src/server/db/schema'

/** `n` orders of one line at `etape`, one per hour going back from `from`; every third pair share
 * their instant, so the cursor's tie-break on the id is exercised. Returns their ids. */
export async function addManyOrders(
  db: Db,
  numTiers: string,
  n: number,
  etape: string,
  from: Date,
  prefix: string,
): Promise<number[]> {
  const heads = Array.from({ length: n }, (_, i) => ({
    numero: `${prefix}${String(i).padStart(6, '0')}`,
    numTiers,
    date: new Date(from.getTime() - (i - (i % 3 === 1 ? 1 : 0)) * 3_600_000),
    commentaire: null,
  }))
  const ids: number[] = []
  for (let i = 0; i < heads.length; i += 500) {
    const rows = await db
      .insert(commandes)
      .values(heads.slice(i, i + 500))
      .returning({ id: commandes.id })
    ids.push(...rows.map((r) => r.id))
  }
  const lignes = ids.map((commandeId) => ({
    commandeId,
    idLigne: '001',
    etape,
    numArticle: '410101',
    libelleArticle: 'VL Production 18 % vrac',
    codeTypeArticle: 'VRAC',
    quantiteCommande: 5,
    datePrevueLivraison: '2026-12-01',
    finDatePrevueLivraison: '2026-12-01',
    matinApmidi: 'JS',
    finMatinApmidi: 'JJ',
  }))
  for (let i = 0; i < lignes.length; i += 500) await db.insert(commandeLignes).values(lignes.slice(i, i + 500))
  return ids
}
