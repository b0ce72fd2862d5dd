// A customer's contracts still valid on a day (ordering-area §2 Contracts, §3 Contract).
import { and, asc, eq, gte } from 'drizzle-orm'
import type { Contrat } from '../../contract/contrats'
import type { Db } from '../db/client'
import { articles, contrats } from '../db/schema'

/** Contracts not ended on dateValidite; future ones (starting after it) are flagged contratFutur. */
export async function loadContrats(db: Db, numTiers: string, dateValidite: string): Promise<Contrat[]> {
  const rows = await db
    .select({ c: contrats, libelleArticle: articles.libelle })
    .from(contrats)
    .innerJoin(articles, eq(articles.numArticle, contrats.numArticle))
    .where(and(eq(contrats.numTiers, numTiers), gte(contrats.dateFin, dateValidite)))
    .orderBy(asc(contrats.dateFin), asc(contrats.numContrat))
  return rows.map(({ c, libelleArticle }) => ({
    numContrat: c.numContrat,
    codeTContrat: c.codeTContrat,
    numFormule: c.numFormule,
    libelleTypecontrat: c.libelleTypecontrat,
    libelleArticle,
    numArticle: c.numArticle,
    dateDebut: c.dateDebut,
    dateFin: c.dateFin,
    qteContrat: c.qteContrat,
    qteRestante: c.qteRestante,
    contratFutur: c.dateDebut > dateValidite,
    numLot: c.numLot,
    numBatiment: c.numBatiment,
  }))
}
