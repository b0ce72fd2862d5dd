// An adviser's portfolio (src/domain/roles.ts#boundToPortfolio): the members they may act for,
// from the server's own rows (portefeuilles, written by the import's portefeuilles.csv). Read at
// each request of a portfolio-bound adviser, by the table's key: a member the office removed is
// refused from the next request on, whatever the device holds (a round's proof, a queued order).
import { and, eq, inArray } from 'drizzle-orm'
import { CODES_ERREUR } from '../../contract/error-codes'
import type { Db } from '../db/client'
import { portefeuilles } from '../db/schema'
import { HttpError } from '../http/http-error'

/** The members of `numTiers` that are not in `username`'s portfolio. */
export async function outsidePortfolio(db: Db, username: string, numTiers: readonly string[]): Promise<string[]> {
  if (numTiers.length === 0) return []
  const rows = await db
    .select({ numTiers: portefeuilles.numTiers })
    .from(portefeuilles)
    .where(
      and(
        eq(portefeuilles.username, username),
        numTiers.length === 1
          ? eq(portefeuilles.numTiers, numTiers[0]!)
          : inArray(portefeuilles.numTiers, [...numTiers]),
      ),
    )
  const inside = new Set(rows.map((r) => r.numTiers))
  return numTiers.filter((n) => !inside.has(n))
}

/** 403 HORS_PORTEFEUILLE, naming the members: final (an outbox does not keep the order waiting). */
export function horsPortefeuille(numTiers: readonly string[]): HttpError {
  const message =
    numTiers.length === 1
      ? `L’adhérent ${numTiers[0]} ne fait pas partie de votre portefeuille.`
      : `Les adhérents ${numTiers.join(', ')} ne font pas partie de votre portefeuille.`
  return new HttpError(403, message, CODES_ERREUR.HORS_PORTEFEUILLE)
}
