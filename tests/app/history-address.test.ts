// Where a delivered line went (issue 51, item 4): never given, or removed since — not the same words.
import { describe, expect, it } from 'vitest'
import { historyAddress } from '../../src/app/features/history/history-line'

const labels = new Map([['1', 'Ferme des Trois Chênes, 35190 Tinténiac']])

describe('the address of a delivered line', () => {
  it('is its words when the customer still has it', () => {
    expect(historyAddress(1, labels)).toBe('Ferme des Trois Chênes, 35190 Tinténiac')
  })
  it("is 'Adresse non renseignée' only for a line that never had one", () => {
    expect(historyAddress(null, labels)).toBe('Adresse non renseignée')
    expect(historyAddress(null, null)).toBe('Adresse non renseignée')
  })
  it('says an address no longer on file was removed since, with its number', () => {
    expect(historyAddress(4, labels)).toBe('Adresse 4 (supprimée depuis)')
  })
  it('says only its number while the addresses are not known yet', () => {
    expect(historyAddress(4, null)).toBe('Adresse 4')
  })
})
