import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { validateOrderLine, type OrderLineContext } from '../../src/domain/order-line'
import { DEFAULT_ORDER_PARAMETERS } from '../../src/domain/order-parameters'
import type { CartLine } from '../../src/domain/types'
import { paris } from './helpers'
import { typographie } from '../../src/domain/typography'

const valid: CartLine = {
  idLigne: '001',
  numArticle: '12345',
  codeTypeArticle: 'M',
  codeFamilleArticle: '4601',
  numAdresse: 1,
  datePrevueLivraison: '2026-11-24',
  finDatePrevueLivraison: '2026-11-27',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeModeCamion: 'VIS',
  codeTypeSilo1: 'S1',
  quantiteCommande: 12,
  supplementations: [],
  mineraux: [],
}
const ctx: OrderLineContext = {
  now: paris('2026-11-23T09:00'),
  params: { ...DEFAULT_ORDER_PARAMETERS, typesSiloDefault: ['S1', 'S2'] },
  adresses: [
    { numAdr: 1, etat: 'A' },
    { numAdr: 2, etat: 'S' },
  ],
}
const fields = (line: unknown, c: Partial<OrderLineContext> = {}) =>
  validateOrderLine(line as never, { ...ctx, ...c }).map((e) => `${e.field}: ${e.message}`)

describe('whole order-line validation (the server re-checks every line)', () => {
  it('a valid line has no error', () => {
    expect(fields(valid)).toEqual([])
  })
  it('Help defaults: simple feed max 15 t without forward contract, 29 t with — applied to the line', () => {
    const simple = { alimentSimple: true }
    const over15 = { ...valid, quantiteCommande: 20 }
    expect(fields(over15, simple)).toEqual([
      typographie('quantiteCommande: Veuillez renseigner une valeur inférieure ou égale à 15 t'),
    ])
    expect(fields({ ...valid, quantiteCommande: 15 }, simple)).toEqual([])
    // Drawn on a forward contract: up to 29 t.
    expect(fields({ ...over15, numContrat: 'C2026-01' }, simple)).toEqual([])
    // (a tipper carries 29 t; the truck's own limits say their word on their field)
    const benne = { ...valid, numContrat: 'C2026-01', codeModeCamion: 'BENNE', datePrevueLivraison: '2026-11-26' }
    expect(fields({ ...benne, quantiteCommande: 29 }, simple)).toEqual([])
    expect(fields({ ...benne, quantiteCommande: 29.5 }, simple)).toContain(
      typographie('quantiteCommande: Veuillez renseigner une valeur inférieure ou égale à 29 t'),
    )
    // Not a simple feed: the absolute 29 t; the order parameters' values replace 15 and 29; the
    // article's own maximum takes precedence over the defaults.
    expect(fields(over15)).toEqual([])
    const params = { ...ctx.params!, quantiteMaxAlimentSimple: 18, quantiteMaxAlimentSimpleContrat: 27 }
    expect(fields({ ...valid, quantiteCommande: 18 }, { ...simple, params })).toEqual([])
    expect(fields({ ...valid, quantiteCommande: 18.5 }, { ...simple, params })).toEqual([
      typographie('quantiteCommande: Veuillez renseigner une valeur inférieure ou égale à 18 t'),
    ])
    expect(fields(over15, { ...simple, contraintesArticle: { quantiteMin: 1, quantiteMax: 24 } })).toEqual([])
  })
  it('reports every broken rule with its message', () => {
    expect(
      fields({
        ...valid,
        quantiteCommande: 30,
        numAdresse: 2,
        numBatiment: 'B7',
        datePrevueLivraison: '2026-11-23',
        codeTypeSilo1: 'ZZ',
        mineraux: [{ numArticle: 'M1', quantiteCommande: 20 }],
      }),
    ).toEqual([
      typographie('quantiteCommande: Veuillez renseigner une valeur inférieure ou égale à 29 t'),
      typographie(
        "codeModeCamion: Le mode camion sélectionné n'est pas compatible avec la quantité saisie : maximum 27t",
      ),
      'numAdresse: Veuillez renseigner une adresse de livraison',
      'numBatiment: Doit être une valeur numérique, ou vide',
      'datePrevueLivraison: La date doit être supérieure ou égale à 24/11/2026',
      'codeTypeSilo1: Lieu de stockage non reconnu',
      typographie('mineraux.M1: Veuillez renseigner une valeur maximale ou égale à 15 %'),
    ])
  })
  it("Le cahier des charges de l'adresse n'est pas compatible avec le l'article", () => {
    expect(fields(valid, { adresseCompatible: false })).toEqual([
      "numAdresse: Le cahier des charges de l'adresse n'est pas compatible avec le l'article",
    ])
  })
  it('the same start slot as the other lines starting the same day', () => {
    expect(
      fields({ ...valid, matinApmidi: 'JM' }, { otherLines: [{ ...valid, idLigne: '002', matinApmidi: 'JA' }] }),
    ).toEqual([
      "matinApmidi: L'horaire de début de livraison doit etre identique pour tous les aliments dont la date de début de livraison est la même",
    ])
  })
  it('never throws, whatever it is given', () => {
    fc.assert(fc.property(fc.anything(), (x) => void validateOrderLine(x as never, ctx)))
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(valid)), fc.anything()),
        (o) => void validateOrderLine({ ...valid, ...o }, ctx),
      ),
    )
  })
})
