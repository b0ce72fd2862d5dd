// GET /web/user/me — the signed-in user, the customer they are (a farmer) and whom they act for.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { ErrorBody } from '../../../contract/common'
import { USER_PATHS, UserMe } from '../../../contract/user'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../auth/session-middleware'
import { findCustomerIdentity } from './user.handlers'
import { ACTING_FOR_PATH, ActingForBody } from '../../../contract/tiers-search'
import { canConfirmOrder, isFarmer } from '../../../domain/roles'
import { issueChoiceProof } from '../../auth/choice-proof'
import { ensureOwnerCookie, sealKeys } from '../../auth/device-owner'
import { actsForMembers, requireInPortfolio, requireStaff } from '../../auth/access'
import { setActingFor } from '../../auth/session-store'
import { notFound } from '../../http/http-error'
import { validate } from '../../http/validate'
import { audit } from '../../db/audit'
import { tiersExists } from '../../services/tiers'
import { issueRoundProof } from '../../auth/choice-proof'
import { Tournee, TOURNEE_CHECKS, TOURNEE_PATH, TourneeBody } from '../../../contract/tournee'
import { membersNamed } from './user.handlers'

export const userRoutes = new Hono<AppEnv>()

userRoutes.get(
  USER_PATHS.me,
  describeRoute({
    summary: "Profil de l'utilisateur connecté (rôles, tiers, tiers pour lequel il agit)",
    tags: ['session'],
    responses: {
      200: { description: 'Profil', content: { 'application/json': { schema: resolver(UserMe) } } },
      401: { description: 'Non authentifié', content: { 'application/json': { schema: resolver(ErrorBody) } } },
    },
  }),
  async (c) => {
    const user = requireUser(c)
    const { db, clock } = c.get('deps')
    const tiers = await findCustomerIdentity(db, user.username)
    // Whether this server lets the user search members and act for them (STAFF_ROLES): the app's
    // redirects and menus follow this answer, not a list of its own.
    const agitPourAdherents = actsForMembers(c, user.roles)
    // Staff acting for a member who may confirm orders: the proof their queued orders carry.
    const staff = !isFarmer(user.roles) && agitPourAdherents && canConfirmOrder(user.roles)
    const preuveChoix = staff && user.actingFor ? await issueChoiceProof(db, user, user.actingFor, clock.now()) : null
    // A session opened before the owner tag existed gets it now, ending when the session must.
    const until = new Date(user.loginAt.getTime() + c.get('deps').config.sessionMaxAgeSeconds * 1000)
    await ensureOwnerCookie(c, user.username, until)
    const seal = await sealKeys(db, user.username)
    return c.json({
      username: user.username,
      displayName: user.displayName,
      roles: user.roles,
      tiers,
      actingFor: user.actingFor,
      agitPourAdherents,
      loginAt: user.loginAt.toISOString(),
      preuveChoix,
      cleScellement: seal.current,
      clesScellementPrecedentes: seal.previous,
    } satisfies UserMe)
  },
)

userRoutes.put(
  ACTING_FOR_PATH,
  describeRoute({
    summary: "Agir pour un adhérent (connect-as) ou cesser d'agir pour lui (numTiers null) ; journalisé",
    tags: ['session'],
    responses: {
      200: { description: 'Adhérent choisi', content: { 'application/json': { schema: resolver(ActingForBody) } } },
      403: {
        description: `Réservé au personnel ; ${CODES_ERREUR.HORS_PORTEFEUILLE} : un adhérent hors du portefeuille du conseiller`,
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
      404: {
        description: CODES_ERREUR.TIERS_INEXISTANT,
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
    },
  }),
  validate('json', ActingForBody),
  async (c) => {
    const user = requireStaff(c)
    const { db } = c.get('deps')
    const { numTiers } = c.req.valid('json')
    if (numTiers && !(await tiersExists(db, numTiers)))
      throw notFound('Numéro de tiers non reconnu', CODES_ERREUR.TIERS_INEXISTANT)
    if (numTiers) await requireInPortfolio(c, user, [numTiers])
    await setActingFor(db, user.sessionId, numTiers)
    await audit(db, {
      username: user.username,
      numTiers: numTiers ?? user.actingFor,
      action: numTiers ? 'agir-pour' : 'fin-agir-pour',
    })
    return c.json({ numTiers } satisfies ActingForBody)
  },
)

userRoutes.post(
  TOURNEE_PATH,
  describeRoute({
    summary:
      "Préparer une tournée (personnel) : la preuve signée que cette session a choisi ces adhérents, 24 h, à envoyer dans X-Preuve-Choix-Adherent pour chacun d'eux ; journalisé",
    tags: ['session'],
    responses: {
      200: { description: 'Tournée préparée', content: { 'application/json': { schema: resolver(Tournee) } } },
      400: { description: 'Requête invalide', content: { 'application/json': { schema: resolver(ErrorBody) } } },
      403: {
        description: `Réservé au personnel ; ${CODES_ERREUR.HORS_PORTEFEUILLE} : un adhérent hors du portefeuille du conseiller`,
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
      404: {
        description: CODES_ERREUR.TIERS_INEXISTANT,
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
      422: {
        description: CODES_ERREUR.TOURNEE_TROP_LONGUE,
        content: { 'application/json': { schema: resolver(ErrorBody) } },
      },
    },
  }),
  validate('json', TourneeBody, { checks: TOURNEE_CHECKS, code: CODES_ERREUR.TOURNEE_TROP_LONGUE }),
  async (c) => {
    const user = requireStaff(c)
    const { db, clock } = c.get('deps')
    const asked = [...new Set(c.req.valid('json').membres)]
    const found = await membersNamed(db, asked)
    const missing = asked.filter((n) => !found.has(n))
    if (missing.length)
      throw notFound(`Numéro de tiers non reconnu : ${missing.join(', ')}`, CODES_ERREUR.TIERS_INEXISTANT)
    // As an unknown member: the whole round is refused, naming them, and nothing is signed.
    await requireInPortfolio(c, user, asked)
    const proof = await issueRoundProof(db, user, asked, clock.now())
    await audit(db, { username: user.username, numTiers: null, action: 'tournee', details: { membres: asked } })
    return c.json({
      membres: asked.map((numTiers) => ({ numTiers, raisonSociale: found.get(numTiers)! })),
      ...proof,
    } satisfies Tournee)
  },
)
