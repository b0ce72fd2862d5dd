import { describe, expect, it } from 'vitest'
import {
  canConfirm,
  capacityWarnings,
  groupCartLines,
  mixingKey,
  offeredPredefinedComments,
  replaceEditedLine,
  setMixing,
  showsMixing,
  totalWeight,
} from '../../src/domain/cart'
import { ROLE } from '../../src/domain/roles'
import { checkCartStoragePlaces, placeOverlapWarnings } from '../../src/domain/cart-checks'
import { MESSAGES } from '../../src/domain/constants'
import { storageSite } from '../../src/domain/storage-places'
import type { CartLine } from '../../src/domain/types'
import { typographie } from '../../src/domain/typography'

const l = (idLigne: string, o: Partial<CartLine> = {}): CartLine => ({
  idLigne,
  numAdresse: 1,
  datePrevueLivraison: '2026-11-24',
  finDatePrevueLivraison: '2026-11-27',
  codeTypeSilo1: 'S1',
  codeModeCamion: 'VIS',
  quantiteCommande: 5,
  ...o,
})

describe('cart', () => {
  it("grouping by address and start date with the group title 'Livraison du X au Y' / 'Livraison à partir du X'", () => {
    const groups = groupCartLines([
      l('001'),
      l('002'),
      l('003', { numAdresse: 2 }),
      l('004', { datePrevueLivraison: '2026-11-25', finDatePrevueLivraison: '2026-11-26' }),
      l('005', { datePrevueLivraison: '2026-11-25' }),
    ])
    expect(groups.map((g) => [g.numAdresse, g.datePrevueLivraison, g.lignes.map((x) => x.idLigne)])).toEqual([
      ['1', '2026-11-24', ['001', '002']],
      ['2', '2026-11-24', ['003']],
      ['1', '2026-11-25', ['004', '005']],
    ])
    expect(groups[0]?.titre).toBe('Livraison du mardi 24/11/2026 au vendredi 27/11/2026')
    expect(groups[2]?.titre).toBe('Livraison à partir du mercredi 25/11/2026')
  })
  it("the 'Mélanger au déchargement' checkbox appears when more than one line has the same date and the same storage places", () => {
    const lines = [l('001'), l('002'), l('003', { codeTypeSilo2: 'S2' })]
    expect(showsMixing(lines[0]!, lines)).toBe(true)
    expect(showsMixing(lines[2]!, lines)).toBe(false)
  })
  it('the mixing checkbox is keyed on the address, the date and the storage places: the same places at another address are other silos', () => {
    const lines = [l('001'), l('002', { numAdresse: 2 })]
    expect(showsMixing(lines[0]!, lines)).toBe(false)
    expect(setMixing(lines, '001', true).map((x) => x.melangeDechargement ?? false)).toEqual([true, false])
    const three = [...lines, l('003')]
    expect(showsMixing(three[0]!, three)).toBe(true)
    expect(setMixing(three, '001', true).map((x) => x.melangeDechargement ?? false)).toEqual([true, false, true])
  })
  it('mixing, the cart check, the form warning and the server agree on which lines share a storage place (one rule: storageSite)', () => {
    // Same date and place: at the same address they meet everywhere, at another address nowhere.
    for (const numAdresse of [1, 2]) {
      const lines = [l('001', { codeFiliere: '10' }), l('002', { numAdresse, codeFiliere: '60' })]
      const meet = numAdresse === 1
      expect(showsMixing(lines[0]!, lines)).toBe(meet)
      expect(checkCartStoragePlaces(lines).decision).toBe(meet ? 'erreur' : 'ok')
      expect(placeOverlapWarnings(lines[1]!, [lines[0]!]).codeTypeSilo1).toBe(meet ? MESSAGES.lieuDejaPrevu : null)
      expect(storageSite(lines[0]!) === storageSite(lines[1]!)).toBe(meet)
    }
    // The address is read as the device and the server write it (number or text).
    expect(storageSite({ numAdresse: 1 })).toBe(storageSite({ numAdresse: ' 1 ' }))
    expect(mixingKey(l('001', { numAdresse: 1 }))).toBe(mixingKey(l('002', { numAdresse: '1' })))
  })
  it('mixing on unloading is toggled for all lines sharing the same delivery date and storage places 1 to 3', () => {
    const lines = setMixing([l('001'), l('002'), l('003', { codeTypeSilo1: 'S9' })], '001', true)
    expect(lines.map((x) => x.melangeDechargement ?? false)).toEqual([true, true, false])
  })
  it('editing a line clears the mixing flag on it and on the lines that share its dates and places', () => {
    const lines = setMixing(
      [l('001'), l('002'), l('003'), l('004', { codeTypeSilo1: 'S9', melangeDechargement: true })],
      '001',
      true,
    )
    const after = replaceEditedLine(lines, { ...lines[0]!, codeTypeSilo1: 'S9' })
    expect(after.map((x) => x.melangeDechargement)).toEqual([false, false, false, false])
  })
  it('total weight in tonnes with 3 decimals', () => {
    expect(
      totalWeight([
        l('001', { quantiteCommande: 0.1 }),
        l('002', { quantiteCommande: 0.2 }),
        l('003', { quantiteCommande: null }),
      ]),
    ).toBe(0.3)
  })
  it('truck-capacity warnings: small trucks above 17 t, blower trucks above 27 t', () => {
    expect(
      capacityWarnings([
        l('001', { codeModeCamion: 'VISP', quantiteCommande: 10 }),
        l('002', { codeModeCamion: 'PNEUP', quantiteCommande: 7.5 }),
      ]),
    ).toEqual([typographie("Le poids total de 17,500 t dépasse la capacité d'un petit camion (17 t)")])
    expect(
      capacityWarnings([l('001', { quantiteCommande: 20 }), l('002', { codeModeCamion: 'PNEU', quantiteCommande: 8 })]),
    ).toEqual([typographie("Le poids total de 28,000 t dépasse la capacité d'un camion (27 t)")])
    expect(
      capacityWarnings([
        l('001', { quantiteCommande: 27 }),
        l('002', { codeModeCamion: 'BENNE', quantiteCommande: 29 }),
      ]),
    ).toEqual([])
  })
  it('confirm enabled only with a write role, all payment data loaded and a non-empty cart', () => {
    const lines = [l('001')]
    const loaded = () => true
    expect(canConfirm({ roles: [ROLE.ECRITURE_PERSONNELLE], lines, paymentLoaded: loaded })).toBe(true)
    expect(canConfirm({ roles: [ROLE.LECTURE_PERSONNELLE], lines, paymentLoaded: loaded })).toBe(false)
    expect(canConfirm({ roles: [ROLE.ECRITURE_TOUS], lines: [], paymentLoaded: loaded })).toBe(false)
    expect(canConfirm({ roles: [ROLE.ECRITURE_TOUS], lines, paymentLoaded: () => false })).toBe(false)
  })
})

describe('predefined logistic comments', () => {
  it('offers those tied to no place, and those tied to a place a line uses', () => {
    const comments = [
      { codeTypeSilo: null, libelle: 'Prévenir avant livraison' },
      { codeTypeSilo: '040', libelle: 'Déposer les sacs sous le hangar' },
    ]
    expect(offeredPredefinedComments(comments, [l('001')]).map((c) => c.libelle)).toEqual(['Prévenir avant livraison'])
    expect(
      offeredPredefinedComments(comments, [l('001'), l('002', { codeTypeSilo2: '040' })]).map((c) => c.libelle),
    ).toEqual(['Prévenir avant livraison', 'Déposer les sacs sous le hangar'])
    expect(offeredPredefinedComments(comments, [])).toHaveLength(1)
  })
})
