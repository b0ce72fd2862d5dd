// The satisfaction questionnaire (cart-orders-admin §3, §4, §5): half-star ratings, the body sent,
// and when leaving the page sends it.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  buildEvaluationBody,
  clampComment,
  EMPTY_SURVEY,
  hasGlobalRating,
  normalizeNote,
  NOTE_VALEURS,
  shouldSendOnLeave,
  starsLabel,
  type SurveyForm,
} from '../../src/domain/survey'
import { COMMENTAIRE_QUESTIONNAIRE_MAX } from '../../src/contract/limits'
import { Evaluation } from '../../src/contract/evaluations'
import * as v from 'valibot'

const form = (patch: Partial<SurveyForm>): SurveyForm => ({ ...EMPTY_SURVEY, ...patch })

describe('ratings: 5 stars in half steps', () => {
  it('ten values, 0.5 to 5', () => {
    expect(NOTE_VALEURS).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5])
  })
  it('rounds to the nearest half star, within 0.5–5; no rating is null', () => {
    expect(normalizeNote(3.3)).toBe(3.5)
    expect(normalizeNote(3.2)).toBe(3)
    expect(normalizeNote(7)).toBe(5)
    expect(normalizeNote(0.2)).toBeNull()
    expect(normalizeNote(0)).toBeNull()
    expect(normalizeNote(-2)).toBeNull()
    expect(normalizeNote(Number.NaN)).toBeNull()
    expect(normalizeNote('4')).toBeNull()
    expect(normalizeNote(null)).toBeNull()
  })
  it('any number gives null or one of the ten values', () => {
    fc.assert(
      fc.property(fc.double(), (x) => {
        const n = normalizeNote(x)
        return n === null || NOTE_VALEURS.includes(n)
      }),
    )
  })
  it("is read out in French: '3,5 étoiles sur 5', singular under 2", () => {
    expect(starsLabel(3.5)).toBe('3,5 étoiles sur 5')
    expect(starsLabel(4)).toBe('4 étoiles sur 5')
    expect(starsLabel(2)).toBe('2 étoiles sur 5')
    expect(starsLabel(1.5)).toBe('1,5 étoile sur 5')
    expect(starsLabel(0.5)).toBe('0,5 étoile sur 5')
  })
})

describe('the body sent (POST /web/v1/evualuations)', () => {
  it('nothing to send without a global rating', () => {
    expect(buildEvaluationBody('100001', '700001', form({ design: 4, commentaire: 'Bien' }))).toBeNull()
    expect(hasGlobalRating(form({}))).toBe(false)
  })
  it('numTiers, numeroCommande, questionnaire {notes, commentaire}; unset details are null', () => {
    expect(
      buildEvaluationBody('100001', '700001', form({ globale: 4.5, fluidite: 3, commentaire: '  Très pratique  ' })),
    ).toEqual({
      numTiers: '100001',
      numeroCommande: '700001',
      questionnaire: {
        notes: { globale: 4.5, design: null, fluidite: 3, lisibilite: null, navigation: null },
        commentaire: 'Très pratique',
      },
    })
  })
  it('the number unknown yet (order still in the outbox) is null; an empty comment is null', () => {
    const body = buildEvaluationBody('100001', undefined, form({ globale: 2, commentaire: '   ' }))!
    expect(body.numeroCommande).toBeNull()
    expect(body.questionnaire.commentaire).toBeNull()
    expect(buildEvaluationBody('100001', '', form({ globale: 2 }))!.numeroCommande).toBeNull()
  })
  it('the comment is at most 1000 characters', () => {
    const long = 'é'.repeat(COMMENTAIRE_QUESTIONNAIRE_MAX + 50)
    expect(clampComment(long)).toHaveLength(COMMENTAIRE_QUESTIONNAIRE_MAX)
    expect(
      buildEvaluationBody('100001', null, form({ globale: 5, commentaire: long }))!.questionnaire.commentaire,
    ).toHaveLength(COMMENTAIRE_QUESTIONNAIRE_MAX)
  })
  it('whatever was entered, the body passes the server contract', () => {
    const note = fc.oneof(fc.constant(null), fc.double())
    fc.assert(
      fc.property(note, note, note, fc.string({ maxLength: 1200 }), (globale, design, navigation, commentaire) => {
        const body = buildEvaluationBody('100001', '700001', form({ globale, design, navigation, commentaire }))
        return body === null ? normalizeNote(globale) === null : v.safeParse(Evaluation, body).success
      }),
    )
  })
})

describe('sent when leaving the page (§4)', () => {
  it('only with a global rating, and only if not sent yet', () => {
    expect(shouldSendOnLeave(form({ globale: 3 }), false)).toBe(true)
    expect(shouldSendOnLeave(form({ globale: 3 }), true)).toBe(false)
    expect(shouldSendOnLeave(form({ design: 3, commentaire: 'x' }), false)).toBe(false)
    expect(shouldSendOnLeave(null, false)).toBe(false)
  })
})
