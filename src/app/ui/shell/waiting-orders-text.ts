// The waiting orders as a plain text the farmer can read to the cooperative over the phone
// ("Cet appareil" panel): each order, its lines with article, quantity, delivery window, slots,
// address, payment code, truck and storage places. French, no codes without their words where the device knows them.
import { DateTime } from 'luxon'
import { formatDate } from '../../../domain/format'
import { formatSavedAt } from '../offline-notice'
import { autreLieuTexte, isAutreLieu, PLACE_FIELDS } from '../../../domain/storage-places'
import type { OutboxRow } from '../../../offline/db'
import { lineQuantity } from '../line-summary'
import { waitingItem, type WaitingItem } from '../../../offline/outbox-flusher'
import { waitingLabel } from './waiting-words'

const stamp = (iso: string) => formatSavedAt(DateTime.fromISO(iso).toMillis())

function orderText(row: OutboxRow, item: WaitingItem, slot: (code: string | null | undefined) => string): string[] {
  const lines = row.cartLines ?? []
  const paid = 'commande' in row.payload ? row.payload.commande.lignes : []
  const out = [
    `${waitingLabel(item)} (confirmée sur cet appareil le ${stamp(row.createdAt)}, N° tiers ${row.numTiers})`,
  ]
  lines.forEach((l, i) => {
    out.push(
      `  ${i + 1}. ${l.libelleArticle ?? 'Article'} (article ${l.numArticle ?? '?'}) : ${lineQuantity(l)}${l.numLot ? `, lot ${l.numLot}` : ''}`,
    )
    out.push(
      `     Livraison du ${formatDate(l.datePrevueLivraison)} (${slot(l.matinApmidi)}) au ${formatDate(l.finDatePrevueLivraison)} (${slot(l.finMatinApmidi)})`,
    )
    out.push(
      `     Adresse n° ${l.numAdresse ?? '?'}, règlement ${paid[i]?.codeReglement ?? l.codeReglement ?? 'habituel'}`,
    )
    // What the driver needs too: the truck and where to unload (the farmer's own words for "Autre").
    const places = PLACE_FIELDS.map((f) => l[f])
      .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
      .map((p) => (isAutreLieu(p) ? `Autre : ${autreLieuTexte(p)}` : p))
    out.push(
      `     Camion ${l.codeModeCamion || 'VIS'}, lieux de stockage ${places.length ? places.join(', ') : 'non renseignés'}`,
    )
  })
  return out
}

export function waitingOrdersText(
  rows: readonly OutboxRow[],
  slot: (code: string | null | undefined) => string,
  now: DateTime = DateTime.now(),
): string {
  const orders = rows.filter((r) => (r.kind ?? 'commande') === 'commande')
  const head = [`Silo — commandes en attente d'envoi`, `Fichier enregistré le ${stamp(now.toISO()!)}`, '']
  if (orders.length === 0) return [...head, 'Aucune commande en attente.'].join('\n')
  return [...head, ...orders.flatMap((r) => [...orderText(r, waitingItem(r), slot), ''])].join('\n')
}
