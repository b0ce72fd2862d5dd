// The business parameters (cart-orders-admin §2 "Parameters page", §3, §7), role
// COM_ALI_ADMIN_METIER: GET /web/v1/parametres/{DEFAULT|CDEA} and PUT one parameter. Every value
// is checked with src/domain's rules before it is saved; the order rules read the table on every
// call (referentiel/parametres-commande), so a saved value applies at once.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { ErrorBody } from '../../../contract/common'
import {
  JeuParam,
  Parametre,
  PARAMETRE_ROUTE,
  ParametreBody,
  ParametreParams,
  Parametres,
  PARAMETRES_ROUTE,
} from '../../../contract/parametres'
import {
  checkParameterValue,
  isJeuParametres,
  normalizeParameterValue,
  parameterKey,
} from '../../../domain/parameter-values'
import type { JeuParametres } from '../../../contract/limits'
import { isBusinessAdmin } from '../../../domain/roles'
import { businessAdminOnly, requireRole } from '../../auth/access'
import type { AppEnv } from '../../http/env'
import { badRequest, HttpError, notFound } from '../../http/http-error'
import { jsonBody } from '../../http/guards'
import { validate } from '../../http/validate'
import { audit } from '../../db/audit'
import { findParametre, listParametres, updateParametre } from './parametres.handlers'

export const parametresRoutes = new Hono<AppEnv>()

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(ErrorBody) } },
})
const common = {
  401: error('Non authentifié'),
  403: error('Rôle COM_ALI_ADMIN_METIER nécessaire'),
  404: error('Jeu de paramètres ou paramètre inconnu'),
}

const JEU_INCONNU = 'Jeu de paramètres inconnu'
const PARAMETRE_INCONNU = 'Paramètre inconnu'

function jeuOf(jeu: string): JeuParametres {
  if (!isJeuParametres(jeu)) throw notFound(JEU_INCONNU, CODES_ERREUR.PARAMETRES_INEXISTANTS)
  return jeu
}

parametresRoutes.get(
  PARAMETRES_ROUTE,
  describeRoute({
    summary: 'Paramètres métier d’un jeu : DEFAULT (règles de commande, clés SAS-…) ou CDEA (application, clés CDE-…)',
    tags: ['parametres'],
    responses: {
      200: {
        description: 'Paramètres (categorie, code, value, libelle)',
        content: { 'application/json': { schema: resolver(Parametres) } },
      },
      ...common,
    },
  }),
  businessAdminOnly,
  validate('param', JeuParam),
  async (c) => c.json(await listParametres(c.get('deps').db, jeuOf(c.req.valid('param').jeu))),
)

parametresRoutes.put(
  PARAMETRE_ROUTE,
  describeRoute({
    summary:
      'Enregistre la valeur d’un paramètre (contrôlée par les règles métier, journalisée) ; les règles de commande l’appliquent aussitôt',
    tags: ['parametres'],
    responses: {
      200: {
        description: 'Le paramètre enregistré, valeur normalisée',
        content: { 'application/json': { schema: resolver(Parametre) } },
      },
      400: error('Corps ou chemin invalide (categorie et code du corps différents du chemin)'),
      422: error(
        'Valeur refusée par les règles : « Valeur invalide », « Veuillez entrer une valeur comprise entre 0 et 23 »',
      ),
      ...common,
    },
  }),
  businessAdminOnly,
  validate('param', ParametreParams),
  jsonBody,
  validate('json', ParametreBody),
  async (c) => {
    const user = requireRole(c, isBusinessAdmin)
    const params = c.req.valid('param')
    const jeu = jeuOf(params.jeu)
    const { categorie, code } = params
    const body = c.req.valid('json')
    if (body.categorie !== categorie || body.code !== code) {
      throw badRequest(
        'Requête invalide : la catégorie et le code du corps doivent être ceux du chemin.',
        CODES_ERREUR.REQUETE_INVALIDE,
      )
    }
    const { db, clock } = c.get('deps')
    const before = await findParametre(db, jeu, categorie, code)
    if (!before) throw notFound(PARAMETRE_INCONNU, CODES_ERREUR.PARAMETRE_INEXISTANT)
    const message = checkParameterValue(categorie, code, body.value)
    if (message) throw new HttpError(422, message, CODES_ERREUR.VALEUR_INVALIDE)
    const value = normalizeParameterValue(categorie, code, body.value)!
    const saved = await db.transaction(async (tx) => {
      const row = await updateParametre(tx, jeu, categorie, code, value, user.username, clock.now().toJSDate())
      if (row) {
        await audit(tx, {
          username: user.username,
          numTiers: null,
          action: 'parametre-modifie',
          details: { cle: parameterKey(jeu, categorie, code), avant: before.value, apres: value },
        })
      }
      return row
    })
    // Deleted between the read and the write: unknown, as it would have been a moment later.
    if (!saved) throw notFound(PARAMETRE_INCONNU, CODES_ERREUR.PARAMETRE_INEXISTANT)
    return c.json(saved satisfies Parametre)
  },
)
