import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  commonDeliveryWeekdays,
  defaultEndDate,
  defaultStartDate,
  endDateForStart,
  minGapDays,
  needsEarlyStartConfirmation,
  needsLongRangeConfirmation,
  validateDeliveryWindow,
  type DeliveryWindowContext,
} from '../../src/domain/delivery-window'
import { paris } from './helpers'

// Monday 23 November 2026, 9:00: the first allowed date is Tuesday 24.
const ctx: DeliveryWindowContext = { now: paris('2026-11-23T09:00') }
const check = (start: unknown, end: unknown, c: Partial<DeliveryWindowContext> = {}) =>
  validateDeliveryWindow(start as never, end as never, { ...ctx, ...c })

describe('delivery window', () => {
  it('Veuillez renseigner la période de livraison voulue (both dates are required)', () => {
    expect(check(null, '2026-11-27')).toEqual({
      datePrevueLivraison: 'Veuillez renseigner la période de livraison voulue',
      finDatePrevueLivraison: null,
    })
    expect(check('2026-11-24', '')).toEqual({
      datePrevueLivraison: null,
      finDatePrevueLivraison: 'Veuillez renseigner la période de livraison voulue',
    })
  })
  it('a valid window has no error', () => {
    expect(check('2026-11-24', '2026-11-27')).toEqual({ datePrevueLivraison: null, finDatePrevueLivraison: null })
  })
  it('La date doit être supérieure ou égale à {date} (the first allowed date)', () => {
    expect(check('2026-11-23', '2026-11-27').datePrevueLivraison).toBe(
      'La date doit être supérieure ou égale à 24/11/2026',
    )
    expect(check('2026-11-24', '2026-11-27', { now: paris('2026-11-23T10:00') }).datePrevueLivraison).toBe(
      'La date doit être supérieure ou égale à 25/11/2026',
    )
  })
  it("for order lines the minimum is the larger of the parameter delay and the truck mode's minimum delay", () => {
    expect(check('2026-11-25', '2026-11-27', { codeModeCamion: 'FOND' }).datePrevueLivraison).toBe(
      'La date doit être supérieure ou égale à 26/11/2026',
    )
    expect(
      check('2026-11-25', '2026-11-27', { contraintesLivraison: { delaisMinJoursOuvres: 4 } }).datePrevueLivraison,
    ).toBe('La date doit être supérieure ou égale à 27/11/2026')
  })
  it('La date doit être un jour ouvré', () => {
    expect(check('2026-11-28', '2026-11-30').datePrevueLivraison).toBe('La date doit être un jour ouvré')
    expect(check('2026-12-24', '2026-12-25').finDatePrevueLivraison).toBe('La date doit être un jour ouvré')
  })
  it('Le délais maximum est dépassé (the horizon comes from the order parameters)', () => {
    expect(check('2026-12-23', '2026-12-24').finDatePrevueLivraison).toBe('Le délais maximum est dépassé')
    expect(check('2026-12-22', '2026-12-23').datePrevueLivraison).toBe(null)
  })
  it('a weekday not allowed by the article: the allowed days are listed', () => {
    const contraintesLivraison = { lundi: true, mardi: false, mercredi: true, jeudi: false, vendredi: false }
    expect(check('2026-11-24', '2026-11-25', { contraintesLivraison }).datePrevueLivraison).toBe(
      'Livraison possible uniquement le lundi, mercredi',
    )
  })
  it('La date au plus tard doit être supérieure ou égale à la date au plus tôt', () => {
    expect(check('2026-11-26', '2026-11-25').finDatePrevueLivraison).toBe(
      'La date au plus tard doit être supérieure ou égale à la date au plus tôt',
    )
    expect(check('2026-11-25', '2026-11-25').finDatePrevueLivraison).toBeNull()
  })
  it('the minimum gap is 1 for family 461 or truck modes VISP and PNEUP, otherwise 0', () => {
    expect(minGapDays('461', 'VIS')).toBe(1)
    expect(minGapDays('460', 'VISP')).toBe(1)
    expect(minGapDays(null, 'PNEUP')).toBe(1)
    expect(minGapDays('460', 'PNEU')).toBe(0)
  })
  it('when the minimum gap is 1 the end must be strictly after the start', () => {
    expect(check('2026-11-25', '2026-11-25', { codeModeCamion: 'VISP' }).finDatePrevueLivraison).toBe(
      'La date au plus tard doit être postérieure à la date au plus tôt',
    )
    expect(check('2026-11-25', '2026-11-26', { codeFamilleArticle: '461' }).finDatePrevueLivraison).toBeNull()
  })
  it('Période anticipée: La date début de période de livraison est anticipée (within the warning delay)', () => {
    expect(needsEarlyStartConfirmation('2026-11-27', ctx)).toBe(true)
    expect(needsEarlyStartConfirmation('2026-11-30', ctx)).toBe(false)
  })
  it('a date the rules refuse (Saturday, before the first allowed date) is not asked about: its error says why', () => {
    expect(needsEarlyStartConfirmation('2026-11-28', ctx)).toBe(false)
    expect(check('2026-11-28', '2026-12-01').datePrevueLivraison).toBe('La date doit être un jour ouvré')
    expect(needsEarlyStartConfirmation('2026-11-23', ctx)).toBe(false)
  })
  it("Intervalle de date: L'intervalle entre les deux dates de livraison est au-delà de 5 jours", () => {
    expect(needsLongRangeConfirmation('2026-11-24', '2026-12-01', ctx)).toBe(false)
    expect(needsLongRangeConfirmation('2026-11-24', '2026-12-02', ctx)).toBe(true)
    expect(needsLongRangeConfirmation('2026-11-24', null, ctx)).toBe(false)
  })
  it('the default end date from the start date, and the reverse', () => {
    expect(defaultEndDate('2026-11-24', ctx)).toBe('2026-12-01')
    expect(defaultStartDate('2026-12-01', ctx)).toBe('2026-11-24')
    expect(defaultStartDate('2026-11-25', ctx)).toBe('2026-11-24')
    expect(defaultEndDate('2026-11-24', { ...ctx, contraintesLivraison: { lundi: false, mardi: false } })).toBe(
      '2026-11-27',
    )
    expect(defaultEndDate(null, ctx)).toBeNull()
  })
  it('a start moved past the end moves the end to its default; an end still valid stays (issue 43)', () => {
    // Inherited window 24/11 → 26/11; the start moves to 01/12: the end follows, five working days on.
    expect(endDateForStart('2026-12-01', '2026-11-26', ctx)).toBe(defaultEndDate('2026-12-01', ctx))
    expect(endDateForStart('2026-12-01', '2026-11-26', ctx)).toBe('2026-12-08')
    // Still on or after the start: kept (a single day included when the gap is 0).
    expect(endDateForStart('2026-11-25', '2026-11-26', ctx)).toBe('2026-11-26')
    expect(endDateForStart('2026-11-26', '2026-11-26', ctx)).toBe('2026-11-26')
    // A small truck needs the end strictly after the start: the same day moves too.
    expect(endDateForStart('2026-11-26', '2026-11-26', { ...ctx, codeModeCamion: 'VISP' })).toBe(
      defaultEndDate('2026-11-26', { ...ctx, codeModeCamion: 'VISP' }),
    )
    // No end yet: the default; the start cleared: the end as it was.
    expect(endDateForStart('2026-11-24', '', ctx)).toBe('2026-12-01')
    expect(endDateForStart('', '2026-11-26', ctx)).toBe('2026-11-26')
    expect(endDateForStart('', '', ctx)).toBeNull()
  })
  it('the end after a moved start is always valid against it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom('VIS', 'VISP', 'BENNE'),
        (offset, endOffset, codeModeCamion) => {
          const c = { ...ctx, codeModeCamion }
          const start = ctx.now.plus({ days: offset }).toISODate()
          if (validateDeliveryWindow(start, start, c).datePrevueLivraison) return
          const end = ctx.now.plus({ days: endOffset }).toISODate()
          const fin = endDateForStart(start, end, c)
          // Kept as it was, or a valid end; never one before the start.
          if (fin !== end)
            expect(validateDeliveryWindow(start, fin, c)).toEqual({
              datePrevueLivraison: null,
              finDatePrevueLivraison: null,
            })
          expect(validateDeliveryWindow(start, fin, c).finDatePrevueLivraison ?? '').not.toMatch(
            /^La date au plus tard/,
          )
        },
      ),
    )
  })
  it('the default end date is a valid end date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom('VIS', 'VISP', 'BENNE'),
        (offset, codeModeCamion) => {
          const c = { ...ctx, codeModeCamion }
          const start = ctx.now.plus({ days: offset }).toISODate()
          if (validateDeliveryWindow(start, start, c).datePrevueLivraison) return
          expect(validateDeliveryWindow(start, defaultEndDate(start, c), c)).toEqual({
            datePrevueLivraison: null,
            finDatePrevueLivraison: null,
          })
        },
      ),
    )
  })
  it("Il n'y a aucun jour de livraison possible commun aux aliments sélectionnés", () => {
    expect(commonDeliveryWeekdays([{ lundi: false }, { mardi: false, mercredi: false }])).toEqual({
      weekdays: [4, 5],
      message: null,
    })
    expect(
      commonDeliveryWeekdays([
        { lundi: true, mardi: false, mercredi: false, jeudi: false, vendredi: false },
        { lundi: false },
      ]).message,
    ).toBe("Il n'y a aucun jour de livraison possible commun aux aliments sélectionnés")
  })
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (a, b, fam) => {
        // Typed as date fields, fed anything (cast): a forged row never makes them throw.
        const [x, y] = [a as never, b as never]
        validateDeliveryWindow(x, y, { ...ctx, codeFamilleArticle: fam as string })
        needsEarlyStartConfirmation(x, ctx)
        needsLongRangeConfirmation(x, y, ctx)
        defaultEndDate(x, ctx)
        defaultStartDate(y, ctx)
        endDateForStart(x, y, ctx)
        commonDeliveryWeekdays(a as never)
      }),
    )
  })
})
