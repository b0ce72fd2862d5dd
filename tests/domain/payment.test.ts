import { describe, expect, it } from 'vitest'
import type { CartLine } from '../../src/domain/types'
import {
  defaultDomiciliation,
  defaultPaymentMode,
  dueDate,
  duplicatePaymentMode,
  proposalsFromTerms,
  selectPaymentMode,
  withPaymentSelection,
  type ModeReglement,
} from '../../src/domain/payment'

const cheque: ModeReglement = {
  codeRegt: 'CHQ',
  libelle: 'Chèque',
  parDefaut: false,
  tauxEscompte: 0,
  datePrevEche: '2026-12-31',
  domiciliationsBancaires: [],
}
const prelev: ModeReglement = {
  codeRegt: 'PRE',
  libelle: 'Prélèvement',
  parDefaut: true,
  tauxEscompte: 1.5,
  datePrevEche: '2026-12-15',
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
      codeReglement: 'PRE',
      numDomiciliationBancaire: 'D1',
      tauxEscompte: 1.5,
      datePrevEche: '2026-12-15',
      domiciliations: prelev.domiciliationsBancaires,
    })
  })
  it("Le mode de règlement n'a pas pu être dupliqué sur toutes les lignes de votre commande.", () => {
    const lines: CartLine[] = [
      { idLigne: '001', codeReglement: 'PRE' },
      { idLigne: '002', codeReglement: 'CHQ' },
      { idLigne: '003', codeReglement: 'CHQ' },
    ]
    const all = duplicatePaymentMode(lines, '001', { '002': [cheque, prelev], '003': [cheque, prelev] })
    expect(all.message).toBeNull()
    expect(all.lines.map((l) => [l.codeReglement, l.numDomiciliationBancaire])).toEqual([
      ['PRE', undefined],
      ['PRE', 'D1'],
      ['PRE', 'D1'],
    ])
    const partial = duplicatePaymentMode(lines, '001', { '002': [cheque, prelev], '003': [cheque] })
    expect(partial.message).toBe(
      "Le mode de règlement n'a pas pu être dupliqué sur toutes les lignes de votre commande.",
    )
    expect(partial.lines[2]?.codeReglement).toBe('CHQ')
  })
})

describe('payment terms', () => {
  const terms = {
    modes: [
      {
        codeRegt: 'PRE',
        libelle: 'Prélèvement',
        parDefaut: true,
        tauxEscompte: 1.5,
        delaiEcheanceJours: 30,
        avecDomiciliation: true,
      },
      {
        codeRegt: 'CHQ',
        libelle: 'Chèque',
        parDefaut: false,
        tauxEscompte: 0,
        delaiEcheanceJours: 45,
        avecDomiciliation: false,
      },
    ],
    domiciliations: [{ numDomiciliationBancaire: 7, numeroCompte: 'FR76 …1234', nomBanque: 'Crédit Agricole' }],
  }
  it('the due date counts from the delivery start', () => {
    expect(dueDate('2026-11-25', 30)).toBe('2026-12-25')
    expect(dueDate(null, 30)).toBeNull()
    expect(dueDate('pas une date', 30)).toBeNull()
  })
  it('proposals for a line from the customer terms: due dates, discount, domiciliations only where the mode takes one', () => {
    const modes = proposalsFromTerms(terms, '2026-11-25')
    expect(modes.map((m) => [m.codeRegt, m.datePrevEche, m.tauxEscompte])).toEqual([
      ['PRE', '2026-12-25', 1.5],
      ['CHQ', '2027-01-09', 0],
    ])
    expect(modes[0]!.domiciliationsBancaires).toEqual([
      { numDomiciliationBancaire: '7', numeroCompte: 'FR76 …1234', nomBanque: 'Crédit Agricole' },
    ])
    expect(modes[1]!.domiciliationsBancaires).toEqual([])
    expect(defaultPaymentMode(modes)?.codeRegt).toBe('PRE')
  })
})

describe('the line as sent', () => {
  it('keeps an offered mode, takes the default otherwise, and none when nothing is offered', () => {
    expect(withPaymentSelection({ idLigne: '001', codeReglement: 'CHQ' }, [cheque, prelev])).toMatchObject({
      codeReglement: 'CHQ',
      numDomiciliationBancaire: null,
    })
    expect(
      withPaymentSelection({ idLigne: '001', codeReglement: 'XXX', numDomiciliationBancaire: 'D2' }, [cheque, prelev]),
    ).toMatchObject({ codeReglement: 'PRE', numDomiciliationBancaire: 'D2' })
    expect(withPaymentSelection({ idLigne: '001', codeReglement: 'PRE' }, [])).toMatchObject({
      codeReglement: null,
      numDomiciliationBancaire: null,
    })
  })
})
