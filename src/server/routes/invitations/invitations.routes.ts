// The Invitations screen's API (issue 48), role COM_ALI_ADMIN_METIER: GET /web/v1/invitations
// counts the sign-in accounts by state and lists a page of them; POST /web/v1/invitations/envoi
// sends a first sign-in link to all those not yet invited (or whose link expired), or to a
// selection. The same services as `npm run invitations` (services/invitations*.ts).
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import {
  EnvoiInvitations,
  EnvoiInvitationsBody,
  IDENTIFIANTS_MAX,
  Invitations,
  INVITATIONS_ENVOI_PATH,
  INVITATIONS_PATH,
  InvitationsQuery,
} from '../../../contract/invitations'
import { isBusinessAdmin } from '../../../domain/roles'
import { businessAdminOnly, requireRole } from '../../auth/access'
import { error, json, unavailable } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { jsonBody } from '../../http/guards'
import { validate } from '../../http/validate'
import { listInvitations } from '../../services/invitations'
import { sendInvitations } from '../../services/invitations-send'
import { linkOrigin } from '../../services/link-origin'

export const invitationsRoutes = new Hono<AppEnv>()

const common = {
  401: error('Non authentifié'),
  403: error('Rôle COM_ALI_ADMIN_METIER nécessaire'),
  503: unavailable,
}

invitationsRoutes.get(
  INVITATIONS_PATH,
  describeRoute({
    summary:
      'Comptes de connexion par état d’invitation (compteurs) et une page de 50 comptes, filtrée par état et par numéro ou nom',
    tags: ['invitations'],
    responses: {
      200: { description: 'Compteurs, total et comptes de la page', content: json(Invitations) },
      400: error('État, page ou recherche invalide'),
      ...common,
    },
  }),
  businessAdminOnly,
  validate('query', InvitationsQuery),
  async (c) => {
    const { etat, page, recherche } = c.req.valid('query')
    const { db, clock } = c.get('deps')
    return c.json(await listInvitations(db, clock.now(), { etat, page: page ? Number(page) : 1, recherche }))
  },
)

invitationsRoutes.post(
  INVITATIONS_ENVOI_PATH,
  describeRoute({
    summary:
      'Envoie un lien de première connexion (valable 48 h) à tous les comptes non invités ou dont le lien a expiré, ou aux comptes choisis',
    description: `Un compte reçoit un lien s’il a une adresse électronique, ni mot de passe, ni connexion OpenID Connect, ni lien encore valable, et moins de 3 liens dans l’heure et 5 en 24 heures. Deux envois simultanés n’invitent jamais deux fois un compte. Au plus ${IDENTIFIANTS_MAX} identifiants par requête.`,
    tags: ['invitations'],
    responses: {
      200: {
        description: 'Courriels mis en file d’envoi, et comptes ignorés par raison',
        content: json(EnvoiInvitations),
      },
      400: error(`Corps invalide : { "tous": true } ou { "identifiants": [...] } (${IDENTIFIANTS_MAX} au plus)`),
      409: error('Liens désactivés : PUBLIC_URL absent (LIENS_DESACTIVES)'),
      413: error('Corps trop volumineux'),
      ...common,
    },
  }),
  businessAdminOnly,
  jsonBody,
  validate('json', EnvoiInvitationsBody),
  async (c) => {
    const user = requireRole(c, isBusinessAdmin)
    const body = c.req.valid('json')
    const { db, clock, mail, config } = c.get('deps')
    // The links' address comes from PUBLIC_URL, never from this request's Host or Origin.
    const sent = await sendInvitations(db, {
      cible: 'tous' in body ? { tous: true } : { identifiants: body.identifiants },
      by: user.username,
      demandeur: { par: 'invitation', nom: user.displayName },
      now: clock.now(),
      origin: linkOrigin(config),
    })
    if (sent.envoyes > 0) mail?.kick()
    return c.json(sent satisfies EnvoiInvitations)
  },
)
