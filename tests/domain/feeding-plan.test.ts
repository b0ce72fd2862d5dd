import { describe, expect, it } from 'vitest'
import {
  isPlanOrderable,
  isTrancheComplete,
  lotType,
  orderableTonnes,
  trancheStates,
  trancheWindow,
} from '../../src/domain/feeding-plan'
import { paris } from './helpers'

describe('feeding plans', () => {
  it('orderable quantity is kg per animal times animals, divided by 1000, in tonnes', () => {
    expect(orderableTonnes(1.234, 10000)).toBe(12.34)
    expect(orderableTonnes(0.3333, 1)).toBe(0)
  })
  it('a tranche is complete when the ordered quantity is at least 80 percent of the orderable quantity', () => {
    expect(isTrancheComplete(8, 10)).toBe(true)
    expect(isTrancheComplete(7.999, 10)).toBe(false)
  })
  it('a tranche is orderable and recommended only if it is not complete and the previous tranche is complete', () => {
    const tranches = [
      { ageMini: 0, ageMaxi: 10, quantite: 1 },
      { ageMini: 11, ageMaxi: 20, quantite: 2 },
      { ageMini: 21, ageMaxi: 30, quantite: 3 },
    ]
    expect(trancheStates(tranches, 1000, [1, 0.5, 0]).map((s) => [s.orderable, s.complete, s.recommended])).toEqual([
      [1, true, false],
      [2, false, true],
      [3, false, false],
    ])
    expect(trancheStates(tranches, 1000, []).map((s) => s.recommended)).toEqual([true, false, false])
  })
  it('a plan is orderable only when it has started and not ended', () => {
    const now = paris('2026-11-23T12:00')
    expect(isPlanOrderable({ dateDebut: '2026-11-23', dateFin: '2026-12-31' }, now)).toBe(true)
    expect(isPlanOrderable({ dateDebut: '2026-11-24', dateFin: '2026-12-31' }, now)).toBe(false)
    expect(isPlanOrderable({ dateDebut: '2026-10-01', dateFin: '2026-11-22' }, now)).toBe(false)
    expect(isPlanOrderable({ dateDebut: '2026-10-01', dateFin: '2026-11-23' }, now)).toBe(true)
  })
  it("a tranche's dates from the lot's placement date", () => {
    expect(trancheWindow('2026-11-01', { ageMini: 0, ageMaxi: 10, quantite: 1 })).toEqual({
      debut: '2026-11-01',
      fin: '2026-11-11',
    })
  })
  it('lot types by number prefix: OL laying poultry, VL meat poultry', () => {
    expect(lotType('OL123')).toBe('PONTE')
    expect(lotType('VL9')).toBe('CHAIR')
    expect(lotType('XX1')).toBeNull()
  })
})
