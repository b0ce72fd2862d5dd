// An order the server refused for good and the device keeps (issue 52: its member was removed from
// the adviser's portfolio meanwhile), as a CSV file the adviser hands to the cooperative: never
// lost, never sent for anyone else. One line per order line, with the member, the article, the
// quantity, the delivery window, the address, the storage places (silos), the refusal's reason and
// its dates. `;` and UTF-8 with its BOM: what Excel opens as it is on a French computer. Words from
// what the device keeps (line-labels), a code when it never saw them.
import { DateTime } from 'luxon'
import { formatDate } from '../../../domain/format'
import { storagePlaces } from '../../../domain/storage-places'
import type { OutboxRow } from '../../../offline/db'
import type { LineLabels } from '../line-labels'

/** The byte order mark Excel needs to read UTF-8 (without it: "AdhÃ©rent"). */
export const BOM = '\uFEFF'

const HEADER = [
  'N° tiers',
  'Adhérent',
  'Article',
  'Libellé',
  'Quantité',
  'Unité',
  'Lot',
  'Livraison au plus tôt',
  'Livraison au plus tard',
  'Adresse de livraison',
  'Lieux de stockage (silos)',
  'Commentaire',
  'Confirmée le',
  'Refusée le',
  'Motif du refus',
]

/** A cell as Excel reads it back: quoted when it holds `;`, a quote or a line break; a leading
 * = + - @ is made text, so a farmer's words never run as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

const stamp = (iso: string | undefined) =>
  iso ? DateTime.fromISO(iso).setZone('Europe/Paris').toFormat('dd/MM/yyyy HH:mm') : ''

/** A decimal comma, no thousands separator: a number Excel adds up. */
const quantity = (q: unknown) => (typeof q === 'number' ? String(q).replace('.', ',') : '')

const when = (date: string | null | undefined, slot: string | null | undefined, labels: LineLabels) =>
  [formatDate(date), slot ? labels.creneau(slot) : ''].filter(Boolean).join(' ')

export function refusedOrderCsv(row: OutboxRow, labels: LineLabels): string {
  const commentaire = 'commande' in row.payload ? (row.payload.commande.commentaire ?? '').trim() : ''
  const lines = (row.cartLines ?? []).map((l) => [
    row.numTiers,
    row.pour?.raisonSociale ?? '',
    l.numArticle ?? '',
    l.libelleArticle ?? '',
    quantity(l.quantiteCommande),
    l.codeUniteArticle || 'T',
    l.numLot ?? '',
    when(l.datePrevueLivraison, l.matinApmidi, labels),
    when(l.finDatePrevueLivraison, l.finMatinApmidi, labels),
    labels.adresse(l.numAdresse),
    storagePlaces(l).map(labels.lieu).join(', '),
    commentaire,
    stamp(row.createdAt),
    stamp(row.sentAt),
    row.error ?? '',
  ])
  return BOM + [HEADER, ...lines].map((r) => r.map((v) => cell(String(v))).join(';')).join('\r\n') + '\r\n'
}

/** `commande-refusee-100107-2026-11-23.csv`: the member and the day it was confirmed. */
export const refusedOrderFileName = (row: OutboxRow): string =>
  `commande-refusee-${row.numTiers}-${DateTime.fromISO(row.createdAt).setZone('Europe/Paris').toISODate()}.csv`
