// The waiting orders saved as a text to read to the cooperative over the phone (issue 43): the
// cart's comment, the address's lines, the payment mode's and the truck's labels, not their codes;
// the codes only when this device never saw their words.
import { describe, expect, it } from 'vitest'
import { DateTime } from 'luxon'
import type { Referentiel } from '../../src/contract/referentiel'
import type { Adresse } from '../../src/contract/tiers'
import type { CartLine } from '../../src/domain/types'
import type { OutboxRow } from '../../src/offline/db'
import { lineLabels } from '../../src/app/ui/line-labels'
import { waitingOrdersText, type ExportLabels } from '../../src/app/ui/shell/waiting-orders-text'

const ref = {
  messagesBandeau: [],
  departements: [],
  presentationsArticles: [],
  typesSiloDefault: [],
  commentairesPredefinis: [],
  periodesLivraison: [{ code: 'ID', libelle: 'Indifférent' }],
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
    {
      code: 'VISP',
      libelle: 'Camion souffleur',
      libelleOption: 'Petit camion',
      minQuantite: null,
      maxQuantite: 17,
      delaiMinLivraison: null,
    },
  ],
  typesSilo: [{ code: '001', libelle: 'Silo 1' }],
} as Referentiel
const adresses = [
  {
    numAdr: 1,
    etat: 'A',
    adresse1: 'Lieu-dit Les Trois Chênes',
    adresse2: null,
    adresse3: null,
    codePostal: '35000',
    ville: 'Rennes',
  },
] as unknown as Adresse[]

const line = (o: Partial<CartLine>): CartLine =>
  ({
    idLigne: '001',
    numArticle: '410101',
    libelleArticle: 'VL Production 18 % vrac',
    codeUniteArticle: 'T',
    quantiteCommande: 10,
    numAdresse: 1,
    datePrevueLivraison: '2026-12-08',
    finDatePrevueLivraison: '2026-12-10',
    matinApmidi: 'ID',
    finMatinApmidi: 'ID',
    codeModeCamion: 'VIS',
    codeTypeSilo1: '001',
    ...o,
  }) as CartLine

const row = (lines: CartLine[], commentaire: string | null): OutboxRow =>
  ({
    id: 'k',
    owner: '100001',
    numTiers: '100001',
    kind: 'commande',
    status: 'pending',
    createdAt: '2026-11-30T09:00:00+01:00',
    attempts: 0,
    payload: { numTiers: '100001', commande: { commentaire, lignes: lines.map(() => ({ codeReglement: 'PRE30' })) } },
    cartLines: lines,
  }) as unknown as OutboxRow

const known: ExportLabels = {
  ...lineLabels(ref, adresses),
  reglement: (code) => (code === 'PRE30' ? 'Prélèvement à 30 jours' : null),
}
const now = DateTime.fromISO('2026-11-30T10:00', { zone: 'Europe/Paris' })

describe('the waiting orders text', () => {
  it('says the comment, the address, the payment mode and the truck in words', () => {
    const text = waitingOrdersText(
      [row([line({}), line({ idLigne: '002', codeModeCamion: 'VISP', codeTypeSilo1: '997:Hangar' })], 'Chien méchant')],
      () => known,
      now,
    )
    expect(text).toContain('  Commentaire : Chien méchant')
    expect(text).toContain('     Adresse de livraison : Lieu-dit Les Trois Chênes, 35000 Rennes')
    expect(text).toContain('     Règlement : Prélèvement à 30 jours')
    expect(text).toContain('     Camion : Camion souffleur ; lieux de stockage : Silo 1')
    expect(text).toContain('     Camion : Camion souffleur – Petit camion ; lieux de stockage : Autre : Hangar')
    expect(text).toContain('(Indifférent) au')
    expect(text).not.toMatch(/PRE30|Adresse n°|Camion VIS/)
  })
  it('no comment, no comment line; codes the device never saw the words of stay codes', () => {
    const unknown: ExportLabels = { ...lineLabels(undefined, undefined), reglement: () => null }
    const text = waitingOrdersText([row([line({ codeModeCamion: 'XYZ' })], '')], () => unknown, now)
    expect(text).not.toContain('Commentaire')
    expect(text).toContain('Règlement : PRE30')
    expect(text).toContain('Camion : XYZ')
    // Known reference data without this truck: its code, not "--Type non reconnu--".
    const partly = waitingOrdersText([row([line({ codeModeCamion: 'XYZ' })], null)], () => known, now)
    expect(partly).toContain('Camion : XYZ')
  })
})
