// The cart and the payment step name a line's codes with the reference data; a code the data lacks
// reads as the spec's placeholder, as in the order detail (cart-orders-admin §2).
import { describe, expect, it } from 'vitest'
import type { Referentiel } from '../../src/contract/referentiel'
import { lineLabels } from '../../src/app/ui/line-labels'

const ref: Referentiel = {
  messagesBandeau: [],
  departements: [],
  presentationsArticles: [],
  typesSiloDefault: [],
  commentairesPredefinis: [],
  periodesLivraison: [{ code: 'JM', libelle: 'Matin' }],
  libellesPeriodesLivraisons: { ID: 'Indifférent' },
  modesCamion: [
    {
      code: 'VIS',
      libelle: 'Camion souffleur',
      libelleOption: null,
      minQuantite: null,
      maxQuantite: 27,
      delaiMinLivraison: null,
    },
  ],
  typesSilo: [{ code: '001', libelle: 'Silo 1' }],
}

describe('lineLabels', () => {
  it('names known codes and shows the placeholders for unknown ones', () => {
    const labels = lineLabels(ref, [])
    expect(labels.creneau('ID')).toBe('Indifférent')
    expect(labels.creneau('JM')).toBe('Matin')
    expect(labels.creneau('ZQ')).toBe('--Valeur non reconnue--')
    expect(labels.camion('VIS')).toBe('Camion souffleur')
    expect(labels.camion(null)).toBe('Camion souffleur')
    expect(labels.camion('ZZ9')).toBe('--Type non reconnu--')
    expect(labels.lieu('001')).toBe('Silo 1')
    expect(labels.lieu('Z99')).toBe('--Type non reconnu--')
    expect(labels.lieu('997:Hangar nord')).toBe('Hangar nord')
  })

  it('before the reference data is known, the code is all there is', () => {
    const labels = lineLabels(undefined, undefined)
    expect(labels.creneau('ZQ')).toBe('ZQ')
    expect(labels.camion('ZZ9')).toBe('ZZ9')
    expect(labels.lieu('Z99')).toBe('Z99')
    expect(labels.creneau(null)).toBe('')
  })
})
