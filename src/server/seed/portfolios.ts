// The demo adviser's portfolio (portefeuilles, as portefeuilles.csv would bring it): every demo
// member but one, so that the members the tests choose are the adviser's, and one member shows
// what lies outside (DEMO.horsPortefeuille: the search does not find it, choosing it is refused).
import { portefeuilles } from '../db/schema'
import { insertAll, type Tx } from './batch'
import { DEMO } from './demo'

export async function seedPortfolios(tx: Tx, members: readonly string[]) {
  await insertAll(
    tx,
    portefeuilles,
    members.filter((n) => n !== DEMO.horsPortefeuille).map((numTiers) => ({ username: DEMO.conseiller, numTiers })),
  )
}
