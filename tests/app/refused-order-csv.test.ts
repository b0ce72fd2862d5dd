// A refused order kept on the device (issue 52), exported as a CSV file for the cooperative: `;`,
// UTF-8 with its BOM (Excel), one line per order line with the member, the article, the quantity,
// the delivery window, the address, the silos, the reason and the dates; a farmer's words that
// look like a formula stay text.
import { describe, expect, it } from 'vitest'
import type { Referentiel } from '../../src/contract/referentiel'
import type { Adresse } from '../../src/contract/tiers'
import type { CartLine } from '../../src/domain/types'
import type { OutboxRow } from '../../src/offline/db'
import { lineLabels } from '../../src/app/ui/line-labels'
import { BOM, refusedOrderCsv, refusedOrderFileName } from '../../src/app/ui/shell/refused-order-csv'
import { horsConnexionFixture } from '../support/hors-connexion'

// The referentiel and an address as the server sends them (a recorded snapshot, parsed with the
// contract), with the labels these tests read.
const recorded = horsConnexionFixture()
const ref: Referentiel = {
  ...recorded.referentiel,
  libellesPeriodesLivraisons: { ...recorded.referentiel.libellesPeriodesLivraisons, MA: 'Matin' },
  typesSilo: [{ ...recorded.referentiel.typesSilo[0]!, code: '001', libelle: 'Silo 1' }],
}
const adresses: Adresse[] = [
  {
    ...recorded.tiers.adresses[0]!,
    numAdr: 1,
    etat: 'A',
    adresse1: 'La Haie; Blanche',
    adresse2: null,
    adresse3: null,
    codePostal: '35160',
    ville: 'Montfort-sur-Meu',
  },
]

const line = (o: Partial<CartLine>): CartLine =>
  ({
    idLigne: '001',
    numArticle: '410101',
    libelleArticle: 'VL Production 18 % vrac',
    codeUniteArticle: 'T',
    quantiteCommande: 7.5,
    numAdresse: 1,
    datePrevueLivraison: '2026-12-08',
    finDatePrevueLivraison: '2026-12-10',
    matinApmidi: 'MA',
    finMatinApmidi: null,
    codeTypeSilo1: '001',
    codeTypeSilo2: '997:=Hangar "nord"',
    ...o,
  }) as CartLine

const row: OutboxRow = {
  id: 'k1',
  owner: 'conseiller',
  numTiers: '100107',
  kind: 'commande',
  status: 'rejected',
  createdAt: '2026-11-23T08:40:00.000Z',
  sentAt: '2026-11-23T17:05:00.000Z',
  attempts: 1,
  error: 'L’adhérent 100107 ne fait pas partie de votre portefeuille.',
  errorStatus: 403,
  errorCode: 'HORS_PORTEFEUILLE',
  pour: { numTiers: '100107', raisonSociale: 'GAEC DE LA LANDE' },
  payload: { numTiers: '100107', commande: { commentaire: 'Chien méchant', lignes: [] } },
  cartLines: [
    line({}),
    line({
      idLigne: '002',
      numArticle: '470101',
      libelleArticle: 'Minéral',
      codeUniteArticle: 'SAC',
      quantiteCommande: 12,
    }),
  ],
}

describe('a refused order as a CSV file', () => {
  const csv = refusedOrderCsv(row, lineLabels(ref, adresses))
  const lines = csv.slice(BOM.length).trimEnd().split('\r\n')

  it('starts with the BOM, a header, then one line per order line, separated by ;', () => {
    expect(csv.startsWith('\uFEFFN° tiers;Adhérent;Article;Libellé;Quantité;Unité;')).toBe(true)
    expect(lines).toHaveLength(3)
    expect(lines[0]!.split(';')).toContain('Motif du refus')
  })

  it('says the member, the article, the quantity, the window, the address, the silos, the reason and the dates', () => {
    expect(lines[1]).toBe(
      [
        '100107',
        'GAEC DE LA LANDE',
        '410101',
        'VL Production 18 % vrac',
        '7,5',
        'T',
        '',
        'mardi 08/12/2026 Matin',
        'jeudi 10/12/2026',
        '"La Haie; Blanche, 35160 Montfort-sur-Meu"',
        '"Silo 1, =Hangar ""nord"""',
        'Chien méchant',
        '23/11/2026 09:40',
        '23/11/2026 18:05',
        'L’adhérent 100107 ne fait pas partie de votre portefeuille.',
      ].join(';'),
    )
    expect(lines[2]).toContain(';470101;Minéral;12;SAC;')
  })

  it('a cell starting like a formula stays text', () => {
    const formula = refusedOrderCsv(
      { ...row, pour: { numTiers: '100107', raisonSociale: '=HYPERLINK("x")' } },
      lineLabels(ref, adresses),
    )
    expect(formula).toContain(`;"'=HYPERLINK(""x"")";`)
  })

  it('is named after the member and the day it was confirmed', () => {
    expect(refusedOrderFileName(row)).toBe('commande-refusee-100107-2026-11-23.csv')
  })
})
