// The order's confirmation mail (cart-orders-admin §7): what was ordered, how much, and its
// delivery window dated as the screens date it ("du mercredi 02/12/2026 au vendredi 04/12/2026",
// issue 51), with French typography's no-break spaces in our own words.
import type { DateTime } from 'luxon'
import type { LigneCommandePayload } from '../../contract/commandes'
import { ZONE } from '../../domain/calendar'
import { formatDate, formatTonnes } from '../../domain/format'
import { typographie } from '../../domain/typography'
import type { OrderContext } from './order-context'

export function confirmationText(
  numero: string,
  lignes: readonly LigneCommandePayload[],
  ctx: OrderContext,
  now: DateTime,
): string {
  const lines = lignes.map((l) => {
    const a = ctx.articles.get(l.numArticle)
    // The article's name is the cooperative's, kept as it is; our words get French typography.
    const window = `du ${formatDate(l.datePrevueLivraison) || l.datePrevueLivraison} au ${formatDate(l.finDatePrevueLivraison) || l.finDatePrevueLivraison}`
    return `- ${a?.libelle ?? l.numArticle}${typographie(` : ${formatTonnes(l.quantiteCommande ?? 0)}, livraison ${window}`)}`
  })
  return [
    `Bonjour,`,
    ``,
    typographie(
      `Votre commande N°${numero} du ${now.setZone(ZONE).toFormat('dd/MM/yyyy à HH:mm')} a bien été enregistrée :`,
    ),
    ...lines,
    ``,
    typographie(`Vous pouvez la suivre dans Silo, menu « Commandes internet ».`),
    'La coopérative',
  ].join('\n')
}
