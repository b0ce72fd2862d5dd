// Business parameters (cart-orders-admin §3 "Parameter", §7): GET /web/v1/parametres/{jeu} and
// PUT /web/v1/parametres/{jeu}/{categorie}/{code}, jeu DEFAULT (order rules) or CDEA
// (application). Role COM_ALI_ADMIN_METIER. Values cross as the strings the table stores.
import * as v from 'valibot'
import { fill } from './paths'
import { type JeuParametres, WIRE_MESSAGES as MESSAGES } from './limits'

export const PARAMETRES_ROUTE = '/web/v1/parametres/:jeu'
export const PARAMETRE_ROUTE = '/web/v1/parametres/:jeu/:categorie/:code'
export const parametresPath = (jeu: JeuParametres) => fill(PARAMETRES_ROUTE, { jeu })
export const parametrePath = (jeu: JeuParametres, categorie: string, code: string) =>
  fill(PARAMETRE_ROUTE, { jeu, categorie, code })

const Identifiant = v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,40}$/, 'Identifiant de paramètre invalide'))

/** {jeu}: an unknown set answers 404, as an unknown parameter does, so it is only a string here. */
export const JeuParam = v.object({ jeu: v.pipe(v.string(), v.maxLength(40)) })
export const ParametreParams = v.object({
  jeu: v.pipe(v.string(), v.maxLength(40)),
  categorie: Identifiant,
  code: Identifiant,
})

export const Parametre = v.object({
  categorie: v.string(),
  code: v.string(),
  /** 'HH:00:00' for HEURE_PIVOT, ISO-8601 for the durations, a number as text otherwise. */
  value: v.string(),
  libelle: v.optional(v.nullable(v.string())),
})
export type Parametre = v.InferOutput<typeof Parametre>
export const Parametres = v.array(Parametre)

/** The PUT body: the parameter object; its categorie and code must be those of the path. */
export const ParametreBody = v.object({
  categorie: Identifiant,
  code: Identifiant,
  value: v.union(
    [v.pipe(v.string(), v.maxLength(64, MESSAGES.valeurInvalide)), v.number(MESSAGES.valeurInvalide)],
    MESSAGES.valeurInvalide,
  ),
  libelle: v.optional(v.nullable(v.string())),
})
export type ParametreBody = v.InferInput<typeof ParametreBody>
