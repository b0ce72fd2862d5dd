// The waiting orders as a plain text the farmer can read to the cooperative over the phone
// ("Cet appareil" panel): each order with its comment, its lines with article, quantity, delivery
// window, slots, address, payment mode, truck and storage places. Words, not codes (issue 43):
// the address's lines, the payment mode's and the truck's labels, from what this device keeps
// (reference data, the customer's addresses, the payment proposals); a code only when the device
// never saw its words.
import { DateTime } from 'luxon'
import { MESSAGES, MODE_CAMION_DEFAUT } from '../../../domain/constants'
import { formatDate } from '../../../domain/format'
import { formatSavedAt } from '../offline-notice'
import { autreLieuTexte, isAutreLieu, PLACE_FIELDS } from '../../../domain/storage-places'
import type { OutboxRow } from '../../../offline/db'
import type { LineLabels } from '../line-labels'
import { lineQuantity } from '../line-summary'
import { waitingItem, type WaitingItem } from '../../../offline/outbox-flusher'
import { waitingLabel } from './waiting-words'

/** The words of one customer's codes: a line's labels, and its payment mode's. */
export interface ExportLabels extends LineLabels {
  /** The payment mode's label, or null when this device does not know it. */
  reglement: (codeRegt: string) => string | null
}

const stamp = (iso: string) => formatSavedAt(DateTime.fromISO(iso).toMillis())

/** A label, or the code when the reference data does not know it: read over the phone, the code
 * still means something to the cooperative; "--Type non reconnu--" does not. */
const orCode = (label: string, code: string): string =>
  label === MESSAGES.typeNonReconnu || label === MESSAGES.valeurNonReconnue ? code : label

function orderText(row: OutboxRow, item: WaitingItem, labels: ExportLabels): string[] {
  const lines = row.cartLines ?? []
  const commande = 'commande' in row.payload ? row.payload.commande : null
  const paid = commande?.lignes ?? []
  const out = [
    `${waitingLabel(item)} (confirmée sur cet appareil le ${stamp(row.createdAt)}, N° tiers ${row.numTiers})`,
  ]
  // The cart's comment (predefined ones and the farmer's words), as sent with the order.
  if (commande?.commentaire?.trim()) out.push(`  Commentaire : ${commande.commentaire.trim()}`)
  const slot = (code: string | null | undefined) => (code ? orCode(labels.creneau(code), code) : '?')
  lines.forEach((l, i) => {
    out.push(
      `  ${i + 1}. ${l.libelleArticle ?? 'Article'} (article ${l.numArticle ?? '?'}) : ${lineQuantity(l)}${l.numLot ? `, lot ${l.numLot}` : ''}`,
    )
    out.push(
      `     Livraison du ${formatDate(l.datePrevueLivraison)} (${slot(l.matinApmidi)}) au ${formatDate(l.finDatePrevueLivraison)} (${slot(l.finMatinApmidi)})`,
    )
    out.push(`     Adresse de livraison : ${labels.adresse(l.numAdresse)}`)
    const code = paid[i]?.codeReglement ?? l.codeReglement
    out.push(`     Règlement : ${code ? (labels.reglement(code) ?? code) : 'habituel'}`)
    // What the driver needs too: the truck and where to unload (the farmer's own words for "Autre").
    const places = PLACE_FIELDS.map((f) => l[f])
      .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
      .map((p) => (isAutreLieu(p) ? `Autre : ${autreLieuTexte(p)}` : orCode(labels.lieu(p), p)))
    out.push(
      `     Camion : ${orCode(labels.camion(l.codeModeCamion), l.codeModeCamion || MODE_CAMION_DEFAUT)} ; lieux de stockage : ${places.length ? places.join(', ') : 'non renseignés'}`,
    )
  })
  return out
}

export function waitingOrdersText(
  rows: readonly OutboxRow[],
  labelsFor: (numTiers: string) => ExportLabels,
  now: DateTime = DateTime.now(),
): string {
  const orders = rows.filter((r) => (r.kind ?? 'commande') === 'commande')
  const head = [`Silo — commandes en attente d'envoi`, `Fichier enregistré le ${stamp(now.toISO()!)}`, '']
  if (orders.length === 0) return [...head, 'Aucune commande en attente.'].join('\n')
  return [...head, ...orders.flatMap((r) => [...orderText(r, waitingItem(r), labelsFor(r.numTiers)), ''])].join('\n')
}
