// A member's access to Silo, as staff see it (issue 40): their sign-in account, whether it has a
// password, and the first sign-in link sent by mail (a one-time link, 48 h). Staff acting for the
// member read it and send a link; the member opens it and chooses a password.
import * as v from 'valibot'
import { fill } from './paths'

export const ACCES_ROUTE = '/web/v1/tiers/:numTiers/acces'
export const accesPath = (numTiers: string) => fill(ACCES_ROUTE, { numTiers })
export const LIEN_CONNEXION_ROUTE = '/web/v1/tiers/:numTiers/acces/lien'
export const lienConnexionPath = (numTiers: string) => fill(LIEN_CONNEXION_ROUTE, { numTiers })

/** The page the link opens (server-rendered, no script), and where its form posts. */
export const PREMIERE_CONNEXION_PATH = '/security/premiere-connexion'

/**
 * How long a link is good for, and how many may be sent for one account in an hour and in 24 h,
 * whoever asks (staff, the member from the sign-in page, an invitation, the operator): one count.
 */
export const LIEN_VALIDITE_HEURES = 48
export const LIENS_PAR_HEURE = 3
export const LIENS_PAR_JOUR = 5

const Instant = v.pipe(v.string(), v.isoTimestamp())

export const LienConnexion = v.object({
  email: v.string(),
  envoyePar: v.string(),
  envoyeA: Instant,
  expireA: Instant,
  /** When the member chose a password with it. */
  utiliseA: v.nullable(Instant),
  /** A newer link replaced it. */
  remplace: v.boolean(),
})
export type LienConnexion = v.InferOutput<typeof LienConnexion>

export const AccesAdherent = v.object({
  username: v.string(),
  displayName: v.string(),
  /** Where a link goes: the account's address, else the member's (tiers.csv). */
  email: v.nullable(v.string()),
  motDePasse: v.boolean(),
  /** The last link sent, if any. */
  dernierLien: v.nullable(LienConnexion),
})
export type AccesAdherent = v.InferOutput<typeof AccesAdherent>

/** The form of the page the link opens. */
export const PremiereConnexionBody = v.object({
  jeton: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'Lien de connexion invalide')),
  motDePasse: v.string(),
  confirmation: v.string(),
})

/**
 * Where a member asks for a link themselves (the sign-in page's « Première connexion ou mot de
 * passe oublié ? », issue 48): GET the form, POST `{identifiant}` as a form or JSON. Every request
 * gets the same answer whatever the number (a form post: 303 to DEMANDE_LIEN_ENVOYEE_PATH).
 */
export const DEMANDE_LIEN_PATH = '/security/premiere-connexion/demande'
export const DEMANDE_LIEN_ENVOYEE_PATH = '/security/premiere-connexion/demande/envoyee'

export const DemandeLienBody = v.object(
  {
    identifiant: v.pipe(
      v.string('Identifiant requis'),
      v.trim(),
      v.minLength(1, 'Indiquez votre identifiant (votre numéro de tiers).'),
      v.maxLength(64, 'Identifiant trop long : 64 caractères au plus.'),
    ),
  },
  'Requête invalide : un objet { identifiant } est attendu.',
)
export type DemandeLienBody = v.InferOutput<typeof DemandeLienBody>

/** The one answer to a JSON request, whatever the number. */
export const DemandeLienReponse = v.object({ message: v.string() })
export type DemandeLienReponse = v.InferOutput<typeof DemandeLienReponse>
