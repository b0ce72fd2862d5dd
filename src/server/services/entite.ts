// What the catalog calls send about the customer (ordering-area §7: typeTiers, numEntite) checked
// against the customer's own row. The server is the authority: typeTiers is never read (the
// session and mayActFor decide the access, the row decides the answer), and a numEntite that is
// not the customer's asks for data this cooperative does not hold for them.
import { CODES_ERREUR } from '../../contract/error-codes'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { articles, tiers } from '../db/schema'
import { notFound } from '../http/http-error'

/** Nothing when numEntite is absent (clients of earlier versions) or is the customer's. */
export async function checkEntite(db: Db, numTiers: string, numEntite: string | undefined): Promise<void> {
  if (numEntite === undefined) return
  const [row] = await db.select({ numEntite: tiers.numEntite }).from(tiers).where(eq(tiers.numTiers, numTiers)).limit(1)
  if (!row) throw notFound('Numéro de tiers non reconnu', CODES_ERREUR.TIERS_INEXISTANT)
  if (row.numEntite !== numEntite)
    throw notFound(`Le tiers ${numTiers} n’est pas rattaché à l’entité ${numEntite}`, CODES_ERREUR.ENTITE_INCONNUE)
}

/** The article a payment call names must exist; its type is read from the row, never from codeTArt. */
export async function checkArticle(db: Db, numArticle: string | undefined): Promise<void> {
  if (numArticle === undefined) return
  const [row] = await db
    .select({ n: articles.numArticle })
    .from(articles)
    .where(eq(articles.numArticle, numArticle))
    .limit(1)
  if (!row) throw notFound(`Article ${numArticle} inconnu`, CODES_ERREUR.ARTICLE_INEXISTANT)
}
