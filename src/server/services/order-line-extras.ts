// The supplementations and minerals of order lines, with their articles' labels: read once for the
// member's order list (routes/commandes) and the ERP's feed (services/order-feed), which give them
// the same shape.
import { inArray, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { articles, commandeLigneMineraux, commandeLigneSupplementations } from '../db/schema'

interface Extra {
  numArticle: string
  libelleArticle: string
}

/** Per line id, its supplementations and minerals as the contract gives them. */
export async function orderLineExtras(db: Db, ligneIds: readonly number[]) {
  const [sups, mins] = ligneIds.length
    ? await Promise.all([
        db
          .select({
            ligneId: commandeLigneSupplementations.ligneId,
            numArticle: articles.numArticle,
            libelle: articles.libelle,
          })
          .from(commandeLigneSupplementations)
          .innerJoin(articles, eq(articles.numArticle, commandeLigneSupplementations.numArticle))
          .where(inArray(commandeLigneSupplementations.ligneId, [...ligneIds])),
        db
          .select({
            ligneId: commandeLigneMineraux.ligneId,
            numArticle: articles.numArticle,
            libelle: articles.libelle,
            q: commandeLigneMineraux.quantiteCommande,
          })
          .from(commandeLigneMineraux)
          .innerJoin(articles, eq(articles.numArticle, commandeLigneMineraux.numArticle))
          .where(inArray(commandeLigneMineraux.ligneId, [...ligneIds])),
      ])
    : [[], []]
  return {
    supplementations: (ligneId: number): Extra[] =>
      sups.filter((s) => s.ligneId === ligneId).map((s) => ({ numArticle: s.numArticle, libelleArticle: s.libelle })),
    mineraux: (ligneId: number): (Extra & { quantiteCommande: (typeof mins)[number]['q'] })[] =>
      mins
        .filter((m) => m.ligneId === ligneId)
        .map((m) => ({ numArticle: m.numArticle, libelleArticle: m.libelle, quantiteCommande: m.q })),
  }
}
