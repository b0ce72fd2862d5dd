// A contract card (ordering-area §2 "Contracts", §3 "codeTContrat (EA means apport)").
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ContractCard } from '../../src/app/features/contracts/contract-card'
import type { Contrat } from '../../src/contract/contrats'
import { paris } from '../domain/helpers'

const contrat = (o: Partial<Contrat>): Contrat => ({
  numContrat: 'CT2026-0500',
  codeTContrat: 'TF',
  numFormule: null,
  libelleTypecontrat: 'Contrat à terme',
  libelleArticle: 'Porc finition vrac',
  numArticle: '420105',
  dateDebut: '2026-09-01',
  dateFin: '2027-06-30',
  qteContrat: 100,
  qteRestante: 60,
  contratFutur: false,
  numLot: null,
  numBatiment: null,
  ...o,
})
const shown = (c: Contrat) =>
  renderToString(<ContractCard contrat={c} now={paris('2026-11-23T09:00')} orderable={false} refusal={null} />)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

describe('contract card', () => {
  it('codeTContrat EA means apport: the card says Apport, whatever the type label; other codes do not', () => {
    expect(shown(contrat({ codeTContrat: 'EA', libelleTypecontrat: 'Contrat céréales' }))).toContain(
      'Apport Contrat céréales',
    )
    expect(shown(contrat({ codeTContrat: 'EA', libelleTypecontrat: '' }))).toMatch(/N° CT2026-0500 Apport Du /)
    expect(shown(contrat({ codeTContrat: 'TF' }))).not.toContain('Apport')
    expect(shown(contrat({ codeTContrat: 'TF' }))).toContain('Contrat à terme')
  })
})
