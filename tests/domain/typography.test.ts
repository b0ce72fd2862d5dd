// The French typography helper (issue 51): no-break spaces before units and double punctuation.
import { describe, expect, it } from 'vitest'
import { avecUnite, enPhrases, ESPACE_FINE, ESPACE_INSECABLE, typographie } from '../../src/domain/typography'
import { formatEuros, formatTonnes } from '../../src/domain/format'

const NB = ESPACE_INSECABLE
const FINE = ESPACE_FINE

describe('typographie', () => {
  it('puts a no-break space between a number and its unit: t, kg, €, %', () => {
    expect(typographie('Il reste 7,5 t sur ce contrat.')).toBe(`Il reste 7,5${NB}t sur ce contrat.`)
    expect(typographie('12 kg par animal')).toBe(`12${NB}kg par animal`)
    expect(typographie('total 1 234,50 €')).toBe(`total 1 234,50${NB}€`)
    expect(typographie('remise de 2 %')).toBe(`remise de 2${NB}%`)
    expect(typographie('(7,5 t)')).toBe(`(7,5${NB}t)`)
  })
  it('leaves a word that only starts like a unit alone', () => {
    expect(typographie('2 tonnes, 3 titres')).toBe('2 tonnes, 3 titres')
  })
  it('a no-break space before the colon, a narrow one before ; ? !', () => {
    expect(typographie('Jours fériés à venir : pensez à anticiper')).toBe(
      `Jours fériés à venir${NB}: pensez à anticiper`,
    )
    expect(typographie('une ligne ; une autre')).toBe(`une ligne${FINE}; une autre`)
    expect(typographie('Supprimer cette ligne ?')).toBe(`Supprimer cette ligne${FINE}?`)
    expect(typographie('Attention !')).toBe(`Attention${FINE}!`)
  })
  it('narrow no-break spaces inside « »', () => {
    expect(typographie('menu « Commandes internet »')).toBe(`menu «${FINE}Commandes internet${FINE}»`)
  })
  it('leaves a colon without a space (a time, an address) and is idempotent', () => {
    expect(typographie('à 12:30, https://silo.example')).toBe('à 12:30, https://silo.example')
    const once = typographie('Lot 3 : 7,5 t ; « Valorisée » ?')
    expect(typographie(once)).toBe(once)
  })
})

describe('formatted numbers carry the no-break space before their unit', () => {
  it('tonnes and euros', () => {
    expect(formatTonnes(7.5)).toBe(`7,500${NB}t`)
    expect(formatEuros(1234.5)).toBe(`1 234,50${NB}€`)
    expect(avecUnite('7,5', 't')).toBe(`7,5${NB}t`)
  })
})

describe('enPhrases', () => {
  it('makes each reason its own sentence, never ". ;"', () => {
    expect(
      enPhrases([
        'La ligne 001 est à l’étape « Livrée » : elle ne peut pas revenir à l’étape « Valorisée ».',
        'La ligne 002 est inconnue',
      ]),
    ).toBe(
      'La ligne 001 est à l’étape « Livrée » : elle ne peut pas revenir à l’étape « Valorisée ». La ligne 002 est inconnue.',
    )
    expect(enPhrases(['Une seule raison.'])).toBe('Une seule raison.')
    expect(enPhrases([])).toBe('')
  })
})
