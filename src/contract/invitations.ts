// Inviting every account at once (issue 48): the sign-in accounts counted by state, listed by
// state (paged, searchable), and a first sign-in link sent to all those not yet invited or to a
// selection. Staff with COM_ALI_ADMIN_METIER only; `npm run invitations` does the same from a
// terminal. The server decides each account's state from its own rows, under the account's lock.
import * as v from 'valibot'

export const INVITATIONS_PATH = '/web/v1/invitations'
export const INVITATIONS_ENVOI_PATH = '/web/v1/invitations/envoi'

/**
 * Each account is in exactly one state, the first that holds in this order: disabled; has a
 * password; signs in through OpenID Connect; no mail address; a link good now; a link that no
 * longer opens anything (expired, used or replaced without a password chosen); never invited.
 */
export const ETATS_INVITATION = [
  'non-invite',
  'lien-en-attente',
  'lien-expire',
  'sans-adresse',
  'mot-de-passe',
  'oidc',
  'desactive',
] as const
export type EtatInvitation = (typeof ETATS_INVITATION)[number]

export const ETAT_LIBELLES: Record<EtatInvitation, string> = {
  'non-invite': 'Non invité',
  'lien-en-attente': 'Lien en attente',
  'lien-expire': 'Lien expiré',
  'sans-adresse': 'Sans adresse électronique',
  'mot-de-passe': 'Mot de passe choisi',
  oidc: 'Connexion par OpenID Connect',
  desactive: 'Désactivé',
}

/** The states « send to all » invites: never invited, or their link no longer opens anything. */
export const ETATS_A_INVITER: readonly EtatInvitation[] = ['non-invite', 'lien-expire']

export const Compteurs = v.object({
  'non-invite': v.number(),
  'lien-en-attente': v.number(),
  'lien-expire': v.number(),
  'sans-adresse': v.number(),
  'mot-de-passe': v.number(),
  oidc: v.number(),
  desactive: v.number(),
})
export type Compteurs = v.InferOutput<typeof Compteurs>

export const TAILLE_PAGE = 50

export const InvitationsQuery = v.object({
  etat: v.optional(v.picklist(ETATS_INVITATION, 'État inconnu')),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'Numéro de page invalide : un entier de 1 à 999999'))),
  recherche: v.optional(v.pipe(v.string(), v.maxLength(100, 'Recherche trop longue : 100 caractères au plus'))),
})
export type InvitationsQuery = v.InferOutput<typeof InvitationsQuery>

export const CompteInvitation = v.object({
  /** A member's number, or a staff account's name. */
  username: v.string(),
  displayName: v.string(),
  email: v.nullable(v.string()),
  etat: v.picklist(ETATS_INVITATION),
  /** The last link sent to this account, if any (ISO instant). */
  dernierEnvoi: v.nullable(v.string()),
})
export type CompteInvitation = v.InferOutput<typeof CompteInvitation>

export const Invitations = v.object({
  compteurs: Compteurs,
  /** Accounts matching the state and the search, this page's at most TAILLE_PAGE of them. */
  total: v.number(),
  page: v.number(),
  comptes: v.array(CompteInvitation),
})
export type Invitations = v.InferOutput<typeof Invitations>

/** A request's selection is bounded: « send to all » covers the rest. */
export const IDENTIFIANTS_MAX = 1000

const Identifiant = v.pipe(v.string(), v.minLength(1, 'Identifiant vide'), v.maxLength(100, 'Identifiant trop long'))

export const EnvoiInvitationsBody = v.union(
  [
    v.strictObject({ tous: v.literal(true) }),
    v.strictObject({
      identifiants: v.pipe(
        v.array(Identifiant),
        v.minLength(1, 'Choisissez au moins un compte'),
        v.maxLength(
          IDENTIFIANTS_MAX,
          `${IDENTIFIANTS_MAX} comptes au plus par envoi : utilisez « tous » pour le reste`,
        ),
      ),
    }),
  ],
  'Corps attendu : { "tous": true } ou { "identifiants": ["N° de tiers", …] }',
)
export type EnvoiInvitationsBody = v.InferOutput<typeof EnvoiInvitationsBody>

/** Why an account asked for got no link. */
export const RAISONS_IGNORE = [
  'inconnu',
  'desactive',
  'mot-de-passe',
  'oidc',
  'sans-adresse',
  'lien-en-attente',
  'limite',
] as const
export type RaisonIgnore = (typeof RAISONS_IGNORE)[number]

export const RAISON_LIBELLES: Record<RaisonIgnore, string> = {
  inconnu: 'compte inconnu',
  desactive: 'compte désactivé',
  'mot-de-passe': 'mot de passe déjà choisi',
  oidc: 'connexion par OpenID Connect',
  'sans-adresse': 'sans adresse électronique',
  'lien-en-attente': 'lien encore valable',
  limite: 'trop de liens envoyés récemment (3 par heure, 5 par 24 heures)',
}

export const EnvoiInvitations = v.object({
  envoyes: v.number(),
  ignores: v.object({
    inconnu: v.number(),
    desactive: v.number(),
    'mot-de-passe': v.number(),
    oidc: v.number(),
    'sans-adresse': v.number(),
    'lien-en-attente': v.number(),
    limite: v.number(),
  }),
})
export type EnvoiInvitations = v.InferOutput<typeof EnvoiInvitations>
