// POST /web/v1/evualuations (the spec's spelling): the satisfaction survey after an order
// (cart-orders-admin §3 "Satisfaction evaluation", §4, §5: comment at most 1000 characters).
import * as v from 'valibot'
import { COMMENTAIRE_QUESTIONNAIRE_MAX } from './limits'
import { NumTiers, Text } from './common'
import { NumCommande } from './identifiants'

export const EVALUATIONS_PATH = '/web/v1/evualuations'

/** 0 to 5 stars in half steps. */
const Note = v.pipe(
  v.number('Note attendue'),
  v.minValue(0, 'Note entre 0 et 5'),
  v.maxValue(5, 'Note entre 0 et 5'),
  v.multipleOf(0.5, 'Note par demi-étoile'),
)

export const Evaluation = v.object({
  numTiers: NumTiers,
  /** The order the survey follows: one of the customer's own. */
  numeroCommande: v.nullish(NumCommande),
  questionnaire: v.object({
    notes: v.object({
      globale: Note,
      design: v.nullish(Note),
      fluidite: v.nullish(Note),
      lisibilite: v.nullish(Note),
      navigation: v.nullish(Note),
    }),
    commentaire: v.nullish(
      Text(COMMENTAIRE_QUESTIONNAIRE_MAX, `Commentaire : ${COMMENTAIRE_QUESTIONNAIRE_MAX} caractères au plus`),
    ),
  }),
})
export type Evaluation = v.InferOutput<typeof Evaluation>
export const EvaluationEnregistree = v.object({ id: v.number() })
