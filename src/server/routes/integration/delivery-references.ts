// What a delivery from the ERP names must be the member's (issue 49): its farm, building, lot,
// address and order, read from Silo's own rows as the app's order acceptance reads them
// (services/order-acceptance.ts: the building of the farm named, the lot of the building named),
// its truck mode and articles known, its date between its orders' (or 2000-01-01) and today.
// Each refusal names its field (`Ligne 2, numLot : …`) and carries its own code.
import { and, eq, inArray } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { CODES_ERREUR } from '../../../contract/error-codes'
import type { LivraisonPayload } from '../../../contract/integration'
import { ZONE } from '../../../domain/calendar'
import { deliveryDateRefusal } from '../../../domain/order-steps'
import { enPhrases } from '../../../domain/typography'
import { adresses, articles, batiments, commandes, exploitations, lots, modesCamion } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { Tx } from '../../http/idempotency'

export interface Refusal {
  code: string
  reason: string
}

/** One 422 for every refusal; their code when they share one, else LIVRAISON_INVALIDE. */
export function unprocessable(refusals: readonly Refusal[]): HttpError {
  const codes = new Set(refusals.map((r) => r.code))
  const code = codes.size === 1 ? [...codes][0]! : CODES_ERREUR.LIVRAISON_INVALIDE
  // Each its own sentence, as the ERP's people read them (issue 51: never « … ». ; … »).
  return new HttpError(422, enPhrases(refusals.map((r) => r.reason)), code)
}

const present = <T>(values: readonly (T | null | undefined)[]): T[] => [
  ...new Set(values.filter((x): x is T => x !== null && x !== undefined)),
]

/** The refusals of a delivery's references and date (none: it may be written). */
export async function deliveryReferenceRefusals(tx: Tx, payload: LivraisonPayload, today: string): Promise<Refusal[]> {
  const { numTiers, lignes } = payload
  const want = {
    articles: present(lignes.map((l) => l.numArticle)),
    adresses: present(lignes.map((l) => l.numAdresse)),
    exploitations: present(lignes.map((l) => l.numExploitation)),
    batiments: present(lignes.map((l) => l.numBatiment)),
    lots: present(lignes.map((l) => l.numLot)),
    commandes: present(lignes.map((l) => l.numCommande || null)),
  }
  // One query after another: the transaction has one connection.
  const knownArticles = want.articles.length
    ? await tx.select({ n: articles.numArticle }).from(articles).where(inArray(articles.numArticle, want.articles))
    : []
  const ownAdresses = want.adresses.length
    ? await tx
        .select({ n: adresses.numAdr })
        .from(adresses)
        .where(and(eq(adresses.numTiers, numTiers), inArray(adresses.numAdr, want.adresses)))
    : []
  const ownExploitations = want.exploitations.length
    ? await tx
        .select({ n: exploitations.numExploitation })
        .from(exploitations)
        .where(and(eq(exploitations.numTiers, numTiers), inArray(exploitations.numExploitation, want.exploitations)))
    : []
  const ownBatiments = want.batiments.length
    ? await tx
        .select({ n: batiments.numBatiment, exploitation: batiments.numExploitation })
        .from(batiments)
        .where(and(eq(batiments.numTiers, numTiers), inArray(batiments.numBatiment, want.batiments)))
    : []
  const ownLots = want.lots.length
    ? await tx
        .select({ n: lots.numLot, batiment: lots.numBatiment, exploitation: lots.numExploitation })
        .from(lots)
        .where(and(eq(lots.numTiers, numTiers), inArray(lots.numLot, want.lots)))
    : []
  const ownCommandes = want.commandes.length
    ? await tx
        .select({ n: commandes.numero, date: commandes.date })
        .from(commandes)
        .where(and(eq(commandes.numTiers, numTiers), inArray(commandes.numero, want.commandes)))
    : []
  const mode = payload.codeModeCamion
    ? await tx.select({ n: modesCamion.code }).from(modesCamion).where(eq(modesCamion.code, payload.codeModeCamion))
    : []

  const out: Refusal[] = []
  const unknown = (reason: string) => out.push({ code: CODES_ERREUR.REFERENCE_INCONNUE, reason })
  const articleSet = new Set(knownArticles.map((r) => r.n))
  const adresseSet = new Set(ownAdresses.map((r) => r.n))
  const exploitationSet = new Set(ownExploitations.map((r) => r.n))
  const batimentOf = new Map(ownBatiments.map((r) => [r.n, r]))
  const lotOf = new Map(ownLots.map((r) => [r.n, r]))
  const orderedOn = new Map(
    ownCommandes.map((r) => [r.n, DateTime.fromJSDate(r.date).setZone(ZONE).toISODate()!] as const),
  )
  const member = `du tiers ${numTiers}`

  if (payload.codeModeCamion && mode.length === 0)
    unknown(`codeModeCamion : mode camion ${payload.codeModeCamion} inconnu.`)
  lignes.forEach((l, k) => {
    const at = (field: string) => `Ligne ${k + 1}, ${field} :`
    if (!articleSet.has(l.numArticle)) unknown(`${at('numArticle')} article inconnu (${l.numArticle}).`)
    if (l.numAdresse !== null && l.numAdresse !== undefined && !adresseSet.has(l.numAdresse))
      unknown(`${at('numAdresse')} adresse ${l.numAdresse} inconnue pour le tiers ${numTiers}.`)
    const expl = l.numExploitation ?? null
    if (expl !== null && !exploitationSet.has(expl))
      unknown(`${at('numExploitation')} l’exploitation ${expl} n’est pas une exploitation ${member}.`)
    const batiment = l.numBatiment === null || l.numBatiment === undefined ? null : batimentOf.get(l.numBatiment)
    if (batiment === undefined)
      unknown(`${at('numBatiment')} le bâtiment ${l.numBatiment} n’est pas un bâtiment ${member}.`)
    else if (batiment && expl !== null && batiment.exploitation !== expl)
      unknown(`${at('numBatiment')} le bâtiment ${batiment.n} est d’une autre exploitation que ${expl}.`)
    if (l.numLot) {
      const lot = lotOf.get(l.numLot)
      if (!lot) unknown(`${at('numLot')} le lot ${l.numLot} n’est pas un lot ${member}.`)
      else if (batiment && lot.batiment !== batiment.n)
        unknown(`${at('numLot')} le lot ${lot.n} est d’un autre bâtiment que ${batiment.n}.`)
      else if (expl !== null && lot.exploitation !== expl)
        unknown(`${at('numLot')} le lot ${lot.n} est d’une autre exploitation que ${expl}.`)
    }
    if (l.numCommande && !orderedOn.has(l.numCommande))
      unknown(`${at('numCommande')} commande ${l.numCommande} inconnue pour le tiers ${numTiers}.`)
  })

  // The date: after each order it delivers (or 2000-01-01 without one), not after today.
  const date = payload.dateEffectiveLivraison
  const latestOrder = [...orderedOn.values()].sort().at(-1)
  const dateRefusal = deliveryDateRefusal(date, today, latestOrder)
  if (dateRefusal)
    out.push({
      code: CODES_ERREUR.DATE_HORS_PERIODE,
      reason: `dateEffectiveLivraison : ${dateRefusal}`,
    })
  return out
}
