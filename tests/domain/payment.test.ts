import { describe, expect, it } from 'vitest'
import type { CartLine } from '../../src/domain/types'
import { defaultDomiciliation, defaultPaymentMode, duplicatePaymentMode, selectPaymentMode, type ModeReglement } from '../../src/domain/payment'

const cheque: ModeReglement = { codeRegt: 'CHQ', libelle: 'Chèque', parDefaut: false, tauxEscompte: 0, datePrevEche: '2026-12-31', domiciliationsBancaires: [] }
const prelev: ModeReglement = {
  codeRegt: 'PRE', libelle: 'Prélèvement', parDefaut: true, tauxEscompte: 1.5, datePrevEche: '2026-12-15',
  domiciliationsBancaires: [{ numDomiciliationBancaire: 'D1' }, { numDomiciliationBancaire: 'D2' }],
}

describe('payment', () => {
  it('the default mode is preselected', () => {
    expect(defaultPaymentMode([cheque, prelev])?.codeRegt).toBe('PRE')
    expect(defaultPaymentMode([cheque, prelev], 'CHQ')?.codeRegt).toBe('CHQ')
    expect(defaultPaymentMode([])).toBeNull()
  })
  it("the domiciliation defaults to the line's existing one if present, otherwise to the first, otherwise none", () => {
    expect(defaultDomiciliation(prelev, 'D2')).toBe('D2')
    expect(defaultDomiciliation(prelev, 'D9')).toBe('D1')
    expect(defaultDomiciliation(cheque, 'D2')).toBeNull()
  })
  it('choosing a mode sets the discount rate, the due date and the bank domiciliations', () => {
    expect(selectPaymentMode(prelev, null)).toEqual({
      codeReglement: 'PRE', numDomiciliationBancaire: 'D1', tauxEscompte: 1.5, datePrevEche: '2026-12-15', domiciliations: prelev.domiciliationsBancaires,
    })
  })
  it("Le mode de règlement n'a pas pu être dupliqué sur toutes les lignes de votre commande.", () => {
    const lines: CartLine[] = [{ idLigne: '001', codeReglement: 'PRE' }, { idLigne: '002', codeReglement: 'CHQ' }, { idLigne: '003', codeReglement: 'CHQ' }]
    const all = duplicatePaymentMode(lines, '001', { '002': [cheque, prelev], '003': [cheque, prelev] })
    expect(all.message).toBeNull()
    expect(all.lines.map((l) => [l.codeReglement, l.numDomiciliationBancaire])).toEqual([['PRE', undefined], ['PRE', 'D1'], ['PRE', 'D1']])
    const partial = duplicatePaymentMode(lines, '001', { '002': [cheque, prelev], '003': [cheque] })
    expect(partial.message).toBe("Le mode de règlement n'a pas pu être dupliqué sur toutes les lignes de votre commande.")
    expect(partial.lines[2]?.codeReglement).toBe('CHQ')
  })
})
