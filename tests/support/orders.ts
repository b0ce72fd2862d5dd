// A valid one-line order of a demo farmer for a Silo on the real clock (benches, multi-instance
// tests): 8 t by default of a bulk feed, delivered in 4–5 business days from today in Paris, told
// apart by its comment.
import { orderLine } from '../server/support/order-line'
import { businessDaysAfter } from './business-days'

export const FARMER = '100001'

export function orderForToday(comment: string, { quantity = 8, numTiers = FARMER } = {}) {
  return {
    numTiers,
    commande: {
      commentaire: comment,
      // The server tests' line, on today's dates; without its payment mode, as the benches sent it.
      lignes: [
        orderLine({
          datePrevueLivraison: businessDaysAfter(4),
          finDatePrevueLivraison: businessDaysAfter(5),
          quantiteCommande: quantity,
          codeReglement: undefined,
        }),
      ],
    },
  }
}

/** The i-th order of a bench (5 to 14 t, so that the figures do not all fall on one size). */
export const benchOrder = (i: number, label: string, numTiers = FARMER) =>
  orderForToday(`${label} ${i}`, { quantity: 5 + (i % 10), numTiers })
