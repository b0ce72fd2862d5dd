// The satisfaction questionnaire of the confirmation screen (cart-orders-admin §2, §3
// "Satisfaction evaluation", §4 "Satisfaction questionnaire", §5): ratings of 0.5 to 5 stars in
// half steps, the detail ratings and a comment of at most 1000 characters, sent once.
import { COMMENTAIRE_QUESTIONNAIRE_MAX } from '../contract/limits'

const NOTE_MAX = 5
const NOTE_PAS = 0.5
/** Every value a rating can take: 0.5, 1, … 5 (no rating is null, not 0). */
export const NOTE_VALEURS: readonly number[] = Array.from({ length: NOTE_MAX / NOTE_PAS }, (_, i) => (i + 1) * NOTE_PAS)

export const MERCI_RETOUR = 'Merci de votre retour.'

export type DetailNote = 'design' | 'fluidite' | 'lisibilite' | 'navigation'

/** The detail ratings shown once the global rating is set, in this order, with their labels. */
export const DETAIL_NOTES: readonly { key: DetailNote; label: string }[] = [
  { key: 'design', label: 'Design' },
  { key: 'fluidite', label: 'Fluidité' },
  { key: 'lisibilite', label: 'Lisibilité' },
  { key: 'navigation', label: 'Navigation' },
]

/** What the farmer has entered so far. */
export interface SurveyForm {
  globale: number | null
  design: number | null
  fluidite: number | null
  lisibilite: number | null
  navigation: number | null
  commentaire: string
}

export const EMPTY_SURVEY: SurveyForm = {
  globale: null,
  design: null,
  fluidite: null,
  lisibilite: null,
  navigation: null,
  commentaire: '',
}

/** POST /web/v1/evualuations (§3, §7). */
export interface EvaluationBody {
  numTiers: string
  numeroCommande: string | null
  questionnaire: {
    notes: {
      globale: number
      design?: number | null
      fluidite?: number | null
      lisibilite?: number | null
      navigation?: number | null
    }
    commentaire?: string | null
  }
}

/** A rating rounded to the nearest half star and kept within 0.5–5; null when there is none. */
export function normalizeNote(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null
  const rounded = Math.round(value / NOTE_PAS) * NOTE_PAS
  if (rounded < NOTE_PAS) return null
  return Math.min(NOTE_MAX, rounded)
}

/** '3,5 étoiles sur 5', '1 étoile sur 5' (singular under 2, as French writes it). */
export function starsLabel(value: number): string {
  const n = String(value).replace('.', ',')
  return `${n} ${Math.abs(value) < 2 ? 'étoile' : 'étoiles'} sur ${NOTE_MAX}`
}

/** The comment as typed, cut to the maximum (a paste may be longer than maxLength allows). */
export const clampComment = (text: string): string => text.slice(0, COMMENTAIRE_QUESTIONNAIRE_MAX)

export const hasGlobalRating = (form: Pick<SurveyForm, 'globale'> | null | undefined): boolean =>
  normalizeNote(form?.globale) !== null

/** §4: leaving the page sends the questionnaire if a global rating exists and it was not sent yet. */
export const shouldSendOnLeave = (form: SurveyForm | null | undefined, alreadySent: boolean): boolean =>
  !alreadySent && hasGlobalRating(form)

/**
 * The body sent, or null when there is no global rating (nothing to send). numeroCommande is null
 * when the order is still waiting in the outbox: the outbox fills it in before sending.
 */
export function buildEvaluationBody(
  numTiers: string,
  numeroCommande: string | null | undefined,
  form: SurveyForm,
): EvaluationBody | null {
  const globale = normalizeNote(form.globale)
  if (globale === null) return null
  const commentaire = clampComment(typeof form.commentaire === 'string' ? form.commentaire.trim() : '')
  return {
    numTiers,
    numeroCommande: numeroCommande ? numeroCommande : null,
    questionnaire: {
      notes: {
        globale,
        design: normalizeNote(form.design),
        fluidite: normalizeNote(form.fluidite),
        lisibilite: normalizeNote(form.lisibilite),
        navigation: normalizeNote(form.navigation),
      },
      commentaire: commentaire || null,
    },
  }
}
