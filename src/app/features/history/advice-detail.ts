// The advice's line under a feed's name (order-advice-panel.tsx), apart so that its wording is
// tested without the panel.
import { formatDate, formatTonnesCourt } from '../../../domain/format'
import { typographie } from '../../../domain/typography'
import type { Need } from '../../ui/use-order-advice'

/** What is needed: a lot's tonnes from a day, or a regular feed's usual date and quantity. The
 * regular feed's date is a delivery's (the habit's next one), said as such; once past, it is
 * awaited since then, not announced (issue 43: "vers le 11/11" read on 28/11). `today` is ISO. */
export const adviceDetail = (n: Need, today: string): string => typographie(adviceWords(n, today))

const adviceWords = (n: Need, today: string) =>
  n.kind === 'lot'
    ? `Lot ${n.numLot} : ${formatTonnesCourt(n.besoin)} à partir du ${formatDate(n.jourBesoin)}`
    : (n.commande
        ? `Déjà commandé : ${formatTonnesCourt(n.commande.tonnes)} pour le ${formatDate(n.commande.jour)}. `
        : '') +
      (n.jourBesoin < today
        ? `Livraison habituelle attendue depuis le ${formatDate(n.jourBesoin)}`
        : `Prochaine livraison habituelle vers le ${formatDate(n.jourBesoin)}`) +
      ` (environ ${formatTonnesCourt(n.besoin)})`
