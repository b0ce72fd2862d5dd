import { describe, expect, it } from 'vitest'
import { atMostTonnesDecimales, tonnesDecimales } from '../../src/contract/tonnes'
import {
  checkDeliveredQuantity,
  deliveryDateRefusal,
  stepInstantRefusal,
  stepMoveRefusal,
} from '../../src/domain/order-steps'
import { typographie } from '../../src/domain/typography'

describe('order line steps the ERP may move to', () => {
  it('forward along the sequence, skipping allowed', () => {
    const flow = ['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE']
    for (let a = 0; a < flow.length; a++)
      for (let b = a + 1; b < flow.length; b++) expect(stepMoveRefusal('001', flow[a]!, flow[b]!)).toBeNull()
  })
  it('never backwards, with a French reason naming the line and both steps', () => {
    expect(stepMoveRefusal('002', 'LIVREE', 'VALORISEE')).toBe(
      'La ligne 002 est à l’étape « Livrée » : elle ne peut pas revenir à l’étape « Valorisée ».',
    )
    expect(stepMoveRefusal('001', 'LOGISTIQUE', 'PREPAREE')).toContain('ne peut pas revenir')
    expect(stepMoveRefusal('001', 'FACTUREE', 'LIVREE')).toContain('définitive')
  })
  it('nothing after a final step (FACTUREE, SUPPRIMEE, ERREUR), nor the same step twice', () => {
    for (const final of ['FACTUREE', 'SUPPRIMEE', 'ERREUR'])
      for (const to of ['ENREGISTREE', 'VALORISEE', 'LIVREE', 'FACTUREE', 'SUPPRIMEE', 'ERREUR'])
        expect(stepMoveRefusal('001', final, to)).not.toBeNull()
    expect(stepMoveRefusal('001', 'SUPPRIMEE', 'LIVREE')).toBe(
      'La ligne 001 est à l’étape « Supprimée », qui est définitive : elle ne peut plus passer à l’étape « Livrée ».',
    )
    expect(stepMoveRefusal('003', 'VALORISEE', 'VALORISEE')).toBe('La ligne 003 est déjà à l’étape « Valorisée ».')
  })
  it('SUPPRIMEE before delivery only; ERREUR from any step that is not final; unknown steps refused', () => {
    for (const from of ['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE'])
      expect(stepMoveRefusal('001', from, 'SUPPRIMEE')).toBeNull()
    expect(stepMoveRefusal('001', 'LIVREE', 'SUPPRIMEE')).toBe(
      'La ligne 001 est déjà livrée : elle ne peut plus être supprimée.',
    )
    for (const from of ['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE'])
      expect(stepMoveRefusal('001', from, 'ERREUR')).toBeNull()
    expect(stepMoveRefusal('001', 'ENREGISTREE', 'EXPEDIEE')).toBe('Étape inconnue : EXPEDIEE')
    expect(stepMoveRefusal('001', 'BIZARRE', 'LIVREE')).toContain('étape inconnue (BIZARRE)')
    expect(stepMoveRefusal('001', 'BIZARRE', 'ERREUR')).toBeNull()
  })
})

describe('delivered quantities and dates', () => {
  it('a number or a French decimal, rounded to the kg', () => {
    expect(checkDeliveredQuantity(12.5)).toEqual({ ok: true, tonnes: 12.5 })
    expect(checkDeliveredQuantity('12,5')).toEqual({ ok: true, tonnes: 12.5 })
    expect(checkDeliveredQuantity(12.34567, 12)).toEqual({ ok: true, tonnes: 12.346 })
  })
  it('refuses what makes no sense: not a number, zero or less, absurd, unrelated to the order', () => {
    for (const v of ['douze', '', null, undefined, Infinity, Number.NaN, {}, '1e999'])
      expect(checkDeliveredQuantity(v)).toEqual({
        ok: false,
        reason: 'La quantité livrée doit être un nombre de tonnes.',
      })
    expect(checkDeliveredQuantity(-3)).toEqual({ ok: false, reason: 'La quantité livrée doit être supérieure à 0 t.' })
    expect(checkDeliveredQuantity(0)).toMatchObject({ ok: false })
    expect(checkDeliveredQuantity(0.0001)).toMatchObject({ ok: false })
    expect(checkDeliveredQuantity(1e9)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(typographie('60 t')),
    })
    expect(checkDeliveredQuantity(26, 12.5)).toMatchObject({ ok: true })
    expect(checkDeliveredQuantity(26.5, 12.5)).toEqual({
      ok: false,
      reason: typographie('La quantité livrée (26.5 t) est sans rapport avec la quantité commandée (12.5 t).'),
    })
  })
  it('a delivery date is not in the future nor before the order', () => {
    expect(deliveryDateRefusal('2026-11-23', '2026-11-23', '2026-11-20')).toBeNull()
    expect(deliveryDateRefusal('2026-11-24', '2026-11-23')).toBe('La date de livraison (2026-11-24) est dans le futur.')
    expect(deliveryDateRefusal('2026-11-19', '2026-11-23', '2026-11-20')).toBe(
      'La date de livraison (2026-11-19) précède la commande (2026-11-20).',
    )
    expect(deliveryDateRefusal('1900-01-01', '2026-11-23')).toBe(
      'La date de livraison (1900-01-01) précède le 2000-01-01.',
    )
    expect(deliveryDateRefusal('2000-01-01', '2026-11-23')).toBeNull()
  })
  it('a step’s instant is not before the order nor ahead of the server’s clock by more than 2 minutes', () => {
    const order = Date.parse('2026-11-23T07:30:00Z')
    const now = Date.parse('2026-11-23T09:00:00Z')
    expect(stepInstantRefusal(order, now, order)).toBeNull()
    expect(stepInstantRefusal(now + 60_000, now, order)).toBeNull()
    expect(stepInstantRefusal(now + 3 * 60_000, now, order)).toBe(
      'L’horodatage (2026-11-23T09:03:00.000Z) est dans le futur.',
    )
    expect(stepInstantRefusal(Date.parse('0001-01-01T00:00:00Z'), now, order)).toBe(
      'L’horodatage (0001-01-01T00:00:00.000Z) précède la commande (2026-11-23T07:30:00.000Z).',
    )
  })
  it('tonnes carry at most 3 decimals, written as a number or as French text', () => {
    for (const ok of [12, 12.5, 12.345, '12,345', '12,3450', '1 000,5', 1e21, -3])
      expect(atMostTonnesDecimales(ok), String(ok)).toBe(true)
    for (const refused of [12.3456, '12,3456', 0.0001, 1e-7])
      expect(atMostTonnesDecimales(refused), String(refused)).toBe(false)
    expect(tonnesDecimales('douze')).toBeNull()
  })
})
