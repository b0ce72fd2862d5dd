// The per-article answers of the order-line form, read from the member's snapshot's tables
// (contract/hors-connexion): what GET supplementations, mineraux, contraintes-livraison,
// validation-adresse and parametres-commande?numArticle answer, the same rules on the server (its
// routes) and in the browser (offline, from the snapshot), so the two can never disagree.
import type { ContraintesLivraison, Mineral, Supplementation, ValidationAdresse } from '../contract/articles'
import type { TablesArticles } from '../contract/hors-connexion'
import type { ParametresCommande } from '../contract/parametres-commande'

/** No row: no extra delay, Monday to Friday (the business-day rule removes the weekend anyway). */
export const CONTRAINTES_LIVRAISON_PAR_DEFAUT: ContraintesLivraison = {
  delaisMinJoursOuvres: 0,
  lundi: true,
  mardi: true,
  mercredi: true,
  jeudi: true,
  vendredi: true,
  samedi: false,
  dimanche: false,
}

const byLabel = (a: { libelleArticle: string }, b: { libelleArticle: string }) =>
  a.libelleArticle < b.libelleArticle ? -1 : a.libelleArticle > b.libelleArticle ? 1 : 0

/** The supplements offered with an article, by group then label (as the route orders them). */
export function supplementationsDe(t: TablesArticles, numArticle: string): Supplementation[] {
  const cites = new Map(t.cites.map((c) => [c.numArticle, c]))
  return t.supplementations
    .filter((s) => s.numArticle === numArticle)
    .flatMap((s) => {
      const c = cites.get(s.numArticleSupplementation)
      return c
        ? [
            {
              numArticle: c.numArticle,
              libelleArticle: c.libelle,
              libelleLong: c.libelleLong ?? c.libelle,
              codeSousTypeArticle: c.codeSousTypeArticle,
              groupe: s.groupe,
            },
          ]
        : []
    })
    .sort((a, b) => (a.groupe < b.groupe ? -1 : a.groupe > b.groupe ? 1 : byLabel(a, b)))
}

/** The minerals offered with an article, by label. */
export function minerauxDe(t: TablesArticles, numArticle: string): Mineral[] {
  const cites = new Map(t.cites.map((c) => [c.numArticle, c]))
  return t.mineraux
    .filter((m) => m.numArticle === numArticle)
    .flatMap((m) => {
      const c = cites.get(m.numArticleMineral)
      return c ? [{ numArticle: c.numArticle, libelleArticle: c.libelle, codeTypeArticle: c.codeTypeArticle }] : []
    })
    .sort(byLabel)
}

/** The delivery constraints of an article at one of the member's addresses. */
export function contraintesLivraisonDe(t: TablesArticles, numArticle: string, numAdr: number): ContraintesLivraison {
  const row = t.contraintesLivraison.find((c) => c.numArticle === numArticle && c.numAdr === numAdr)
  if (!row) return CONTRAINTES_LIVRAISON_PAR_DEFAUT
  const { numArticle: _a, numAdr: _n, ...c } = row
  return c
}

/** Whether the address's specifications (cahier des charges) allow the article. */
export function validationAdresseDe(t: TablesArticles, numArticle: string, numAdr: number): ValidationAdresse {
  const row = t.incompatibilites.find((c) => c.numArticle === numArticle && c.numAdr === numAdr)
  return row ? { valid: false, motif: row.motif } : { valid: true, motif: null }
}

/** The order parameters for one article: the member's, with the article's own bounds. */
export function parametresArticleDe(
  t: TablesArticles,
  parametres: ParametresCommande,
  numArticle: string,
): ParametresCommande {
  const c = t.contraintesArticle.find((r) => r.numArticle === numArticle)
  return {
    ...parametres,
    contraintesArticle: {
      quantiteMin: c?.quantiteMin ?? null,
      quantiteMax: c?.quantiteMax ?? null,
      quantiteMaxMineral: c?.quantiteMaxMineral ?? null,
    },
  }
}
