// What a waiting item is, said plainly (issue 16, item 4): "Commande du jeudi 26/11 – 2 lignes",
// "Votre avis", for which member when staff confirmed it (issue 25), since when, and what happens
// next. A survey alone never reads as an order that has not gone. Loaded with the outbox banner
// and the logout question only (luxon is fine here).
import { DateTime } from 'luxon'
import { ZONE } from '../../../domain/calendar'
import { formatDate, formatHeure } from '../../../domain/format'
import { formatSavedAt } from '../offline-notice'
import type { WaitingItem } from '../../../offline/outbox-flusher'

const at = (iso: string) => DateTime.fromISO(iso).setZone(ZONE)

/** "Commande du jeudi 26/11 – 2 lignes" or "Votre avis"; staff acting for members are told for
 * whom: "Commande pour GAEC DES TROIS CHÊNES (100001) du jeudi 26/11 – 2 lignes", "Avis pour …". */
export function waitingLabel(item: Pick<WaitingItem, 'kind' | 'createdAt' | 'lignes' | 'pour'>): string {
  const who = item.pour && (item.pour.raisonSociale ? `${item.pour.raisonSociale} (${item.pour.numTiers})` : null)
  const pour = item.pour ? ` pour ${who ?? `l’adhérent ${item.pour.numTiers}`}` : ''
  if (item.kind === 'evaluation') return pour ? `Avis${pour}` : 'Votre avis'
  const day = formatDate(at(item.createdAt)).slice(0, -5) // "jeudi 26/11"
  return `Commande${pour} du ${day} – ${item.lignes} ligne${item.lignes > 1 ? 's' : ''}`
}

/** "depuis 10:42" today, "depuis le 23/11/2026 à 10:42" before. */
export function waitingSince(iso: string, now: DateTime = DateTime.now()): string {
  const t = at(iso)
  return now.setZone(ZONE).hasSame(t, 'day') ? `depuis ${formatHeure(t)}` : `depuis le ${formatSavedAt(t.toMillis())}`
}

export const hasOrder = (items: readonly Pick<WaitingItem, 'kind'>[]) => items.some((i) => i.kind === 'commande')
