// What the ERP writes back (issue 41): the steps of an order's lines, and deliveries into the
// member's history (the tables GET /web/v1/tiers/{numTiers}/livraisons reads, so the farmer sees
// them at the next refresh, and offline once refreshed). Each request is one transaction: a
// refusal (thrown) writes nothing. The rules are src/domain's (order-steps.ts); what a delivery
// names is checked against the member's own rows (delivery-references.ts).
import { asc, eq, inArray } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { CODES_ERREUR } from '../../../contract/error-codes'
import type {
  EtapesPayload,
  EtapesResultat,
  LivraisonEnregistree,
  LivraisonPayload,
} from '../../../contract/integration'
import { ZONE } from '../../../domain/calendar'
import {
  checkDeliveredQuantity,
  deliveryDateRefusal,
  stepInstantRefusal,
  stepMoveRefusal,
} from '../../../domain/order-steps'
import { commandeEtapes, commandeLignes, commandes, livraisonLignes, livraisons, tiers } from '../../db/schema'
import { enPhrases } from '../../../domain/typography'
import { HttpError, notFound } from '../../http/http-error'
import type { Outcome, Tx } from '../../http/idempotency'
import { deliveryReferenceRefusals, unprocessable, type Refusal } from './delivery-references'

// Several reasons: each its own sentence (enPhrases), as the ERP's people read them (issue 51).
const refused = (status: 409 | 422, reasons: string[], code: string) => new HttpError(status, enPhrases(reasons), code)
const invalid = (reasons: string[]) => refused(422, reasons, CODES_ERREUR.LIVRAISON_INVALIDE)

interface Move {
  idLigne: string
  etape: string
  quantiteLivree?: number | string
  dateLivraison?: string
}

/** Moves the order's lines (all of them, or those listed) to their new steps; LIVREE writes the delivery. */
export async function applySteps(tx: Tx, numero: string, payload: EtapesPayload, now: DateTime): Promise<Outcome> {
  const [commande] = await tx.select().from(commandes).where(eq(commandes.numero, numero)).for('update').limit(1)
  if (!commande) throw notFound(`Commande inconnue : ${numero}`, CODES_ERREUR.COMMANDE_INEXISTANTE)
  const lignes = await tx
    .select()
    .from(commandeLignes)
    .where(eq(commandeLignes.commandeId, commande.id))
    .orderBy(asc(commandeLignes.idLigne))
    .for('update')
  const moves: Move[] =
    payload.lignes ??
    lignes.map((l) => ({
      idLigne: l.idLigne,
      etape: payload.etape!,
      quantiteLivree: payload.quantiteLivree,
      dateLivraison: payload.dateLivraison,
    }))
  if (!payload.lignes && payload.quantiteLivree !== undefined && lignes.length > 1)
    throw invalid([`La commande ${numero} a ${lignes.length} lignes : donnez la quantité livrée de chacune (lignes).`])

  const today = now.setZone(ZONE).toISODate()!
  const orderedOn = DateTime.fromJSDate(commande.date).setZone(ZONE).toISODate()!
  const stepRefusals: string[] = []
  const dataRefusals: Refusal[] = []
  const invalidData = (reason: string) => dataRefusals.push({ code: CODES_ERREUR.LIVRAISON_INVALIDE, reason })
  if (payload.horodatage) {
    const refusal = stepInstantRefusal(Date.parse(payload.horodatage), now.toMillis(), commande.date.getTime())
    if (refusal) dataRefusals.push({ code: CODES_ERREUR.DATE_HORS_PERIODE, reason: `horodatage : ${refusal}` })
  }
  const planned: Array<{ ligne: (typeof lignes)[number]; etape: string; tonnes: number | null; date: string | null }> =
    []
  for (const move of moves) {
    const ligne = lignes.find((l) => l.idLigne === move.idLigne)
    if (!ligne) {
      invalidData(`La ligne ${move.idLigne} n’existe pas dans la commande ${numero}.`)
      continue
    }
    const step = stepMoveRefusal(ligne.idLigne, ligne.etape, move.etape)
    if (step) stepRefusals.push(step)
    if (move.etape !== 'LIVREE') {
      if (move.quantiteLivree !== undefined || move.dateLivraison !== undefined)
        invalidData(`Ligne ${ligne.idLigne} : quantité et date livrées ne vont qu’avec l’étape LIVREE.`)
      planned.push({ ligne, etape: move.etape, tonnes: null, date: null })
      continue
    }
    const quantity = checkDeliveredQuantity(move.quantiteLivree ?? ligne.quantiteCommande, ligne.quantiteCommande)
    if (!quantity.ok) invalidData(`Ligne ${ligne.idLigne}, quantiteLivree : ${quantity.reason}`)
    const date = move.dateLivraison ?? today
    const dateRefusal = deliveryDateRefusal(date, today, orderedOn)
    if (dateRefusal)
      dataRefusals.push({
        code: CODES_ERREUR.DATE_HORS_PERIODE,
        reason: `Ligne ${ligne.idLigne}, dateLivraison : ${dateRefusal}`,
      })
    planned.push({ ligne, etape: move.etape, tonnes: quantity.ok ? quantity.tonnes : null, date })
  }
  if (stepRefusals.length > 0)
    throw refused(409, [...stepRefusals, ...dataRefusals.map((r) => r.reason)], CODES_ERREUR.ETAPE_REFUSEE)
  if (dataRefusals.length > 0) throw unprocessable(dataRefusals)

  // The deliveries: one under the ERP's number for the lines it names, else one per line.
  const delivered = planned.filter((p) => p.etape === 'LIVREE')
  const byNumber = new Map<string, typeof delivered>()
  for (const p of delivered) {
    const num = payload.numLivraison ?? `C${numero}-${p.ligne.idLigne}`
    byNumber.set(num, [...(byNumber.get(num) ?? []), p])
  }
  for (const [num, group] of byNumber)
    if (new Set(group.map((p) => p.date)).size > 1)
      throw invalid([`La livraison ${num} regroupe des lignes livrées à des dates différentes.`])
  await refuseExistingDeliveries(tx, [...byNumber.keys()])
  for (const [num, group] of byNumber) {
    await insertDelivery(tx, {
      numLivraison: num,
      numTiers: commande.numTiers,
      dateEffectiveLivraison: group[0]!.date!,
      codeModeCamion: group[0]!.ligne.codeModeCamion,
    })
    await tx.insert(livraisonLignes).values(
      group.map((p, k) => ({
        numLivraison: num,
        numLigne: k + 1,
        numArticle: p.ligne.numArticle,
        quantiteLivree: p.tonnes!,
        numAdresse: p.ligne.numAdresse,
        numExploitation: p.ligne.numExploitation,
        numBatiment: p.ligne.numBatiment,
        numLot: p.ligne.numLot,
        numCommande: numero,
      })),
    )
  }

  const at = payload.horodatage ? new Date(payload.horodatage) : now.toJSDate()
  for (const p of planned) {
    await tx.update(commandeLignes).set({ etape: p.etape }).where(eq(commandeLignes.id, p.ligne.id))
    const num = p.etape === 'LIVREE' ? (payload.numLivraison ?? `C${numero}-${p.ligne.idLigne}`) : null
    await tx.insert(commandeEtapes).values({
      ligneId: p.ligne.id,
      etape: p.etape,
      at,
      quantiteLivree: p.tonnes,
      dateLivraison: p.date,
      numLivraison: num,
    })
  }
  const after = new Map(planned.map((p) => [p.ligne.id, p.etape]))
  const body: EtapesResultat = {
    numero,
    numTiers: commande.numTiers,
    lignes: lignes.map((l) => ({ idLigne: l.idLigne, etape: after.get(l.id) ?? l.etape })),
    livraisons: [...byNumber].map(([numLivraison, group]) => ({
      numLivraison,
      dateEffectiveLivraison: group[0]!.date!,
    })),
  }
  return { status: 200, body }
}

async function refuseExistingDeliveries(tx: Tx, numbers: string[]) {
  if (numbers.length === 0) return
  const existing = await tx
    .select({ num: livraisons.numLivraison })
    .from(livraisons)
    .where(inArray(livraisons.numLivraison, numbers))
  if (existing.length > 0)
    throw refused(
      409,
      existing.map((e) => `La livraison ${e.num} est déjà enregistrée.`),
      CODES_ERREUR.LIVRAISON_EXISTANTE,
    )
}

/** The delivery's head; the same number written meanwhile by another request is refused, not a 500. */
async function insertDelivery(tx: Tx, row: typeof livraisons.$inferInsert) {
  const done = await tx
    .insert(livraisons)
    .values(row)
    .onConflictDoNothing({ target: livraisons.numLivraison })
    .returning({ num: livraisons.numLivraison })
  if (done.length === 0)
    throw refused(409, [`La livraison ${row.numLivraison} est déjà enregistrée.`], CODES_ERREUR.LIVRAISON_EXISTANTE)
}

/** A delivery into the member's history, ordered through Silo or not. */
export async function recordDelivery(tx: Tx, payload: LivraisonPayload, now: DateTime): Promise<Outcome> {
  const { numTiers } = payload
  const [member] = await tx.select({ n: tiers.numTiers }).from(tiers).where(eq(tiers.numTiers, numTiers)).limit(1)
  if (!member) throw notFound(`Tiers inconnu : ${numTiers}`, CODES_ERREUR.TIERS_INEXISTANT)
  const today = now.setZone(ZONE).toISODate()!
  const refusals = await deliveryReferenceRefusals(tx, payload, today)
  const tonnes = payload.lignes.map((l, k) => {
    const q = checkDeliveredQuantity(l.quantiteLivree)
    if (!q.ok)
      refusals.push({ code: CODES_ERREUR.LIVRAISON_INVALIDE, reason: `Ligne ${k + 1}, quantiteLivree : ${q.reason}` })
    return q.ok ? q.tonnes : 0
  })
  if (refusals.length > 0) throw unprocessable(refusals)
  await refuseExistingDeliveries(tx, [payload.numLivraison])
  await insertDelivery(tx, {
    numLivraison: payload.numLivraison,
    numTiers,
    dateEffectiveLivraison: payload.dateEffectiveLivraison,
    codeModeCamion: payload.codeModeCamion ?? null,
  })
  await tx.insert(livraisonLignes).values(
    payload.lignes.map((l, k) => ({
      numLivraison: payload.numLivraison,
      numLigne: k + 1,
      numArticle: l.numArticle,
      quantiteLivree: tonnes[k]!,
      numAdresse: l.numAdresse ?? null,
      numExploitation: l.numExploitation ?? null,
      numBatiment: l.numBatiment ?? null,
      numLot: l.numLot || null,
      numCommande: l.numCommande || null,
    })),
  )
  const body: LivraisonEnregistree = {
    numLivraison: payload.numLivraison,
    numTiers,
    dateEffectiveLivraison: payload.dateEffectiveLivraison,
    lignes: payload.lignes.length,
  }
  return { status: 201, body }
}
