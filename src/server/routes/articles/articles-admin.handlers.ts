// Which articles a member may order, as staff manage it (cart-orders-admin §2, §4 "Article toggle").
import { and, asc, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm'
import type { ArticleModifiable, Diagnostic } from '../../../contract/articles-admin'
import { isOrderableArticle } from '../../../domain/articles'
import type { Db } from '../../db/client'
import { escapeLike } from '../../db/raw'
import {
  articles,
  articlesCommandables,
  commandeLignes,
  commandes,
  contraintesLivraison,
  livraisonLignes,
  livraisons,
} from '../../db/schema'
import { effectiveOrderable, orderableFor } from '../../services/orderable'

/** Supplementations are chosen inside a line, never ordered alone: not managed here. */
const ORDERABLE_TYPES = sql`${articles.codeTypeArticle} in ('A', 'M')`

const bought = (numTiers: string) =>
  sql`(exists (select 1 from ${livraisonLignes} join ${livraisons} on ${livraisons.numLivraison} = ${livraisonLignes.numLivraison}
        where ${livraisons.numTiers} = ${numTiers} and ${livraisonLignes.numArticle} = ${articles.numArticle})
    or exists (select 1 from ${commandeLignes} join ${commandes} on ${commandes.id} = ${commandeLignes.commandeId}
        where ${commandes.numTiers} = ${numTiers} and ${commandeLignes.numArticle} = ${articles.numArticle}))`

/** Articles matching `search` (name anywhere, number from its start) the member may not order. */
export async function searchNonCommandables(db: Db, numTiers: string, search: string): Promise<ArticleModifiable[]> {
  const text = escapeLike(search)
  const rows = await db
    .select({ a: articles, artCommandable: effectiveOrderable(numTiers) })
    .from(articles)
    .where(and(ORDERABLE_TYPES, or(ilike(articles.libelle, `%${text}%`), ilike(articles.numArticle, `${text}%`))))
    .orderBy(asc(articles.libelle))
    .limit(100)
  return rows
    .filter(({ a, artCommandable }) => !orderableFor(a, artCommandable))
    .map(({ a }) => ({ numArticle: a.numArticle, libelle: a.libelle, artCommandable: false }))
}

/**
 * 'Articles ajoutés manuellement mais non encore commandés': set orderable by staff, never
 * delivered nor ordered. An article the rules never allow stays out even when staff switched it
 * on: it is still not orderable, so it belongs to the other list only.
 */
export async function addedNotOrdered(db: Db, numTiers: string): Promise<ArticleModifiable[]> {
  const rows = await db
    .select({ a: articles })
    .from(articlesCommandables)
    .innerJoin(articles, eq(articles.numArticle, articlesCommandables.numArticle))
    .where(
      and(
        eq(articlesCommandables.numTiers, numTiers),
        eq(articlesCommandables.artCommandable, true),
        isNotNull(articlesCommandables.setBy),
        sql`not ${bought(numTiers)}`,
      ),
    )
    .orderBy(asc(articles.libelle))
  return rows
    .filter(({ a }) => orderableFor(a, true))
    .map(({ a }) => ({ numArticle: a.numArticle, libelle: a.libelle, artCommandable: true }))
}

export async function findArticle(db: Db, numArticle: string) {
  const [a] = await db.select().from(articles).where(eq(articles.numArticle, numArticle)).limit(1)
  return a ?? null
}

/** Records the member's flag for the article, by whom and when; answers the effective state. */
export async function setCommandable(
  db: Db,
  numTiers: string,
  numArticle: string,
  artCommandable: boolean,
  username: string,
  at: Date,
): Promise<ArticleModifiable> {
  await db
    .insert(articlesCommandables)
    .values({ numTiers, numArticle, artCommandable, setBy: username, setAt: at })
    .onConflictDoUpdate({
      target: [articlesCommandables.numTiers, articlesCommandables.numArticle],
      set: { artCommandable, setBy: username, setAt: at },
    })
  const a = (await findArticle(db, numArticle))!
  return { numArticle, libelle: a.libelle, artCommandable: orderableFor(a, artCommandable) }
}

/** Every fact that decides whether the member may order the article, as raw data for staff. */
export async function diagnose(db: Db, numTiers: string, numArticle: string): Promise<Diagnostic | null> {
  const a = await findArticle(db, numArticle)
  if (!a) return null
  const [[row], [lastDelivery], [lastOrder], constraints] = await Promise.all([
    db
      .select()
      .from(articlesCommandables)
      .where(and(eq(articlesCommandables.numTiers, numTiers), eq(articlesCommandables.numArticle, numArticle)))
      .limit(1),
    db
      .select({ date: livraisons.dateEffectiveLivraison })
      .from(livraisonLignes)
      .innerJoin(livraisons, eq(livraisons.numLivraison, livraisonLignes.numLivraison))
      .where(and(eq(livraisons.numTiers, numTiers), eq(livraisonLignes.numArticle, numArticle)))
      .orderBy(desc(livraisons.dateEffectiveLivraison))
      .limit(1),
    db
      .select({ numero: commandes.numero, date: commandes.date, etape: commandeLignes.etape })
      .from(commandeLignes)
      .innerJoin(commandes, eq(commandes.id, commandeLignes.commandeId))
      .where(and(eq(commandes.numTiers, numTiers), eq(commandeLignes.numArticle, numArticle)))
      .orderBy(desc(commandes.date))
      .limit(1),
    db
      .select()
      .from(contraintesLivraison)
      .where(and(eq(contraintesLivraison.numTiers, numTiers), eq(contraintesLivraison.numArticle, numArticle))),
  ])
  const flag = row ? row.artCommandable : a.commandableParDefaut
  const excluded = !isOrderableArticle({ ...a, artCommandable: true })
  return {
    numTiers,
    article: {
      numArticle: a.numArticle,
      libelle: a.libelle,
      codeTypeArticle: a.codeTypeArticle,
      codeSousTypeArticle: a.codeSousTypeArticle,
      codeFamille: a.codeFamille,
      codeCategorie: a.codeCategorie,
      commandableParDefaut: a.commandableParDefaut,
    },
    reglageTiers: row
      ? {
          artCommandable: row.artCommandable,
          origine: row.setBy ? 'personnel' : 'système de la coopérative',
          modifiePar: row.setBy,
          modifieLe: row.setAt?.toISOString() ?? null,
        }
      : null,
    exclusion: excluded ? 'Sous-type MI et catégorie 47010 : jamais commandable' : null,
    commandable: flag && !excluded,
    derniereLivraison: lastDelivery?.date ?? null,
    derniereCommande: lastOrder
      ? { numero: lastOrder.numero, date: lastOrder.date.toISOString(), etape: lastOrder.etape }
      : null,
    contraintesLivraison: constraints.map(({ numTiers: _t, numArticle: _a, ...c }) => c),
  }
}
