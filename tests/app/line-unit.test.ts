// Unit T (ordering-area §3 "codeUniteArticle (T)", §9 "unit T"): every line the app makes — the
// order-line form's and the history's quick-add — is in tonnes, and is shown in t.
import { describe, expect, it } from 'vitest'
import { toCartLine as formLine, type OrderLineValues } from '../../src/app/features/order-line/order-line-values'
import { toCartLine as quickAddLine, type DuplicableLine } from '../../src/app/features/history/quick-add-lines'
import { lineQuantity } from '../../src/app/ui/line-summary'
import { typographie } from '../../src/domain/typography'

const values: OrderLineValues = {
  quantiteCommande: '12,5',
  numAdresse: '1',
  numContrat: '',
  supplementations: [],
  mineraux: [],
  numBatiment: '',
  codeTypeSilo1: '001',
  codeTypeSilo2: '',
  codeTypeSilo3: '',
  autre1: '',
  autre2: '',
  autre3: '',
  modeLibelle: '',
  modeOption: false,
  datePrevueLivraison: '2026-11-25',
  finDatePrevueLivraison: '2026-11-26',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
}
const delivered: DuplicableLine = {
  key: 'L1-1',
  numArticle: '410101',
  libelleArticle: 'VL Production 18 % vrac',
  codeTypeArticle: 'A',
  codeFamilleArticle: '41010',
  numAdresse: 1,
  numExploitation: 1,
  numBatiment: null,
  numLot: null,
  quantiteLivree: 8,
  artCommandable: true,
  contraintes: null,
}

describe('unit T', () => {
  it('a line made by the form or by the quick-add is in tonnes (codeUniteArticle T) and shown in t', () => {
    const fromForm = formLine(
      values,
      {
        numArticle: '410101',
        libelleArticle: 'VL Production 18 % vrac',
        codeTypeArticle: 'A',
        codeFamilleArticle: '41010',
        codeDepartement: '41',
        codeFiliere: '10',
      },
      [],
      [],
      '001',
    )
    expect(fromForm).toMatchObject({ codeUniteArticle: 'T', quantiteCommande: 12.5 })
    expect(lineQuantity(fromForm)).toBe(typographie('12,500 t'))
    const fromHistory = {
      idLigne: '002',
      ...quickAddLine(
        delivered,
        {
          datePrevueLivraison: '2026-11-25',
          finDatePrevueLivraison: '2026-11-26',
          matinApmidi: 'ID',
          finMatinApmidi: 'ID',
          codeTypeSilo1: '001',
          codeTypeSilo2: null,
          codeTypeSilo3: null,
        },
        ['001'],
      ),
    }
    expect(fromHistory).toMatchObject({ codeUniteArticle: 'T', quantiteCommande: 8 })
    expect(lineQuantity(fromHistory)).toBe(typographie('8,000 t'))
  })
})
