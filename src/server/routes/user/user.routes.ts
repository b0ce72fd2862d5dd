// GET /web/user/me — the signed-in user, the customer they are (a farmer) and whom they act for.
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { ErrorBody } from '../../../api/contract/common'
import { USER_PATHS, UserMe } from '../../../api/contract/user'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../auth/session-middleware'
import { findCustomerIdentity } from './user.handlers'
import { ACTING_FOR_PATH, ActingForBody } from '../../../api/contract/tiers-search'
import { canActForMembers } from '../../../domain/roles'
import { requireRole } from '../../auth/access'
import { setActingFor } from '../../auth/session-store'
import { notFound } from '../../http/http-error'
import { validate } from '../../http/validate'
import { audit } from '../../db/audit'
import { tiersExists } from '../../services/tiers'

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
    const tiers = await findCustomerIdentity(c.get('deps').db, user.username)
    return c.json({
      username: user.username,
      displayName: user.displayName,
      roles: user.roles,
      tiers,
      actingFor: user.actingFor,
      loginAt: user.loginAt.toISOString(),
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
      403: { description: 'Réservé au personnel', content: { 'application/json': { schema: resolver(ErrorBody) } } },
      404: { description: 'TIERS_INEXISTANT', content: { 'application/json': { schema: resolver(ErrorBody) } } },
    },
  }),
  validate('json', ActingForBody),
  async (c) => {
    const user = requireRole(c, canActForMembers)
    const { db } = c.get('deps')
    const { numTiers } = c.req.valid('json')
    if (numTiers && !(await tiersExists(db, numTiers)))
      throw notFound('Numéro de tiers non reconnu', 'TIERS_INEXISTANT')
    await setActingFor(db, user.sessionId, numTiers)
    await audit(db, {
      username: user.username,
      numTiers: numTiers ?? user.actingFor,
      action: numTiers ? 'agir-pour' : 'fin-agir-pour',
    })
    return c.json({ numTiers } satisfies ActingForBody)
  },
)
