import { describe, expect, it } from 'vitest'
import { easterSunday, isJourFerie, joursFeries } from '../../src/domain/holidays'

// The official list (Légifrance, Code du travail L3133-1), written out by hand: the three
// Easter-based holidays of each year; the eight fixed-date ones are the same every year.
const EASTER_BASED: Record<number, [string, string, string]> = {
  2020: ['2020-04-13', '2020-05-21', '2020-06-01'],
  2021: ['2021-04-05', '2021-05-13', '2021-05-24'],
  2022: ['2022-04-18', '2022-05-26', '2022-06-06'],
  2023: ['2023-04-10', '2023-05-18', '2023-05-29'],
  2024: ['2024-04-01', '2024-05-09', '2024-05-20'],
  2025: ['2025-04-21', '2025-05-29', '2025-06-09'],
  2026: ['2026-04-06', '2026-05-14', '2026-05-25'],
  2027: ['2027-03-29', '2027-05-06', '2027-05-17'],
  2028: ['2028-04-17', '2028-05-25', '2028-06-05'],
  2029: ['2029-04-02', '2029-05-10', '2029-05-21'],
  2030: ['2030-04-22', '2030-05-30', '2030-06-10'],
  2031: ['2031-04-14', '2031-05-22', '2031-06-02'],
  2032: ['2032-03-29', '2032-05-06', '2032-05-17'],
  2033: ['2033-04-18', '2033-05-26', '2033-06-06'],
  2034: ['2034-04-10', '2034-05-18', '2034-05-29'],
  2035: ['2035-03-26', '2035-05-03', '2035-05-14'],
}
const FIXED = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25']

describe('French public holidays of any year, the Easter-based ones included', () => {
  for (const [year, [lundiPaques, ascension, pentecote]] of Object.entries(EASTER_BASED)) {
    it(`${year} matches the official list`, () => {
      const expected = [...FIXED.map((md) => `${year}-${md}`), lundiPaques, ascension, pentecote].sort()
      expect(joursFeries(Number(year)).map((j) => j.date)).toEqual(expected)
    })
  }

  it('Easter Monday 2024-04-01, Ascension 2024-05-09, Whit Monday 2024-05-20', () => {
    const y2024 = joursFeries(2024)
    expect(y2024.find((j) => j.libelle === 'Lundi de Pâques')?.date).toBe('2024-04-01')
    expect(y2024.find((j) => j.libelle === 'Ascension')?.date).toBe('2024-05-09')
    expect(y2024.find((j) => j.libelle === 'Lundi de Pentecôte')?.date).toBe('2024-05-20')
  })

  it('Easter Sunday of known years', () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 })
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 })
    expect(easterSunday(2285)).toEqual({ month: 3, day: 22 })
  })

  it('Good Friday and 26 December are not national holidays', () => {
    expect(isJourFerie('2024-03-29')).toBe(false)
    expect(isJourFerie('2024-12-26')).toBe(false)
    expect(isJourFerie('2024-12-25')).toBe(true)
  })
})
