// A valid one-line order of a demo farmer for a Silo on the real clock (benches, multi-instance
// tests): 8 t by default of a bulk feed, delivered in 4–5 business days from today in Paris, told
// apart by its comment.
import { businessDaysAfter } from './business-days'

export const FARMER = '100001'

export function orderForToday(comment: string, { quantity = 8, numTiers = FARMER } = {}) {
  return {
    numTiers,
    commande: {
      commentaire: comment,
      lignes: [
        {
          idLigne: '001',
          numArticle: '410102',
          libelleArticle: 'VL Production 22 % vrac',
          codeTypeArticle: 'A',
          codeUniteArticle: 'T',
          numAdresse: 1,
          datePrevueLivraison: businessDaysAfter(4),
          finDatePrevueLivraison: businessDaysAfter(5),
          matinApmidi: 'ID',
          finMatinApmidi: 'ID',
          codeModeCamion: 'VIS',
          codeTypeSilo1: '001',
          quantiteCommande: quantity,
          supplementations: [],
          mineraux: [],
        },
      ],
    },
  }
}

/** The i-th order of a bench (5 to 14 t, so that the figures do not all fall on one size). */
export const benchOrder = (i: number, label: string, numTiers = FARMER) =>
  orderForToday(`${label} ${i}`, { quantity: 5 + (i % 10), numTiers })
