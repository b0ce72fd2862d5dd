// The ERP's routes (ARCHITECTURE.md "The cooperative's door", issue 41; docs/integration.md):
// the feed of accepted orders, the steps of their lines, and deliveries into the history. Only an
// API key opens them (integration-access.ts); the writes take an Idempotency-Key (http/idempotency.ts:
// a replay answers the first response, the same key with another body is refused).
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import type { Context } from 'hono'
import { IDEMPOTENCY_HEADER } from '../../../contract/commandes'
import { CODES_ERREUR } from '../../../contract/error-codes'
import {
  ETAPES_COMMANDE_ROUTE,
  EtapesParams,
  EtapesPayload,
  EtapesResultat,
  FLUX_COMMANDES_ROUTE,
  FluxCommandes,
  FluxQuery,
  INTEGRATION_PREFIX,
  LIVRAISONS_INTEGRATION_ROUTE,
  LivraisonEnregistree,
  LivraisonPayload,
  TONNES_DECIMALES_REFUS,
} from '../../../contract/integration'
import { error, json, unavailable } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { badRequest } from '../../http/http-error'
import { idempotent, KEY_PATTERN } from '../../http/idempotency'
import { validate, type Unprocessable } from '../../http/validate'
import { CLE_API_ECHECS_PAR_MINUTE } from '../../services/api-keys'
import { readFeed } from '../../services/order-feed'
import { integrationAccess } from './integration-access'
import { applySteps, recordDelivery } from './integration.handlers'

export const integrationRoutes = new Hono<AppEnv>()

integrationRoutes.use(`${INTEGRATION_PREFIX}/*`, integrationAccess)

const security = [{ cleApi: [] }]
/** Retry-After: whole seconds. */
const retryAfter = {
  'Retry-After': {
    description: 'Secondes à attendre avant de réessayer',
    schema: { type: 'integer' as const, minimum: 1 },
  },
}
const access = (portee: string) => ({
  401: error(
    'Clé d’API absente, invalide ou révoquée (CLE_API_INVALIDE), ou passée sa date de fin : « clé expirée » (CLE_API_EXPIREE)',
  ),
  403: error(
    `Clé d’API dont la portée n’ouvre pas cette route : il faut la portée ${portee} (CLE_API_PORTEE) ; ou cookie de session sans clé d’API : les sessions n’ouvrent pas ces routes (SESSION_REFUSEE)`,
  ),
  429: {
    ...error(
      `Limite de requêtes de la clé atteinte, ou plus de ${CLE_API_ECHECS_PAR_MINUTE} clés refusées en une minute depuis cette adresse (TROP_DE_REQUETES) : réessayer après Retry-After`,
    ),
    headers: retryAfter,
  },
  503: unavailable,
})
/** A tonnage with a 4th decimal is a value refused (422), not a malformed body (400). */
const tonnesRefus: Unprocessable = { checks: TONNES_DECIMALES_REFUS, code: CODES_ERREUR.LIVRAISON_INVALIDE }
const requiredKey = {
  in: 'header' as const,
  name: IDEMPOTENCY_HEADER,
  required: true,
  schema: { type: 'string' as const, pattern: KEY_PATTERN.source },
  description:
    'Clé unique par envoi (8 à 100 lettres, chiffres, - ou _) : un nouvel envoi avec la même clé renvoie la première réponse ; la même clé avec un autre corps est refusée (422).',
}

/** The writes' Idempotency-Key: required here (an ERP retries; a retry must not move a line twice). */
function idempotencyKey(c: Context<AppEnv>): string {
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (!key)
    throw badRequest(
      'En-tête Idempotency-Key requis : une clé unique par envoi, renvoyée telle quelle en cas de nouvel essai.',
      CODES_ERREUR.IDEMPOTENCE_REQUISE,
    )
  return key
}

integrationRoutes.get(
  FLUX_COMMANDES_ROUTE,
  describeRoute({
    summary:
      'Flux des commandes acceptées, dans l’ordre de leur position : chaque commande une fois, aucune sautée. Garder `suivant` et le renvoyer comme `apres`.',
    tags: ['intégration'],
    security,
    responses: {
      200: { description: 'Une page du flux', content: json(FluxCommandes) },
      400: error('Curseur ou limite invalide'),
      ...access('lecture ou lecture-ecriture'),
    },
  }),
  validate('query', FluxQuery),
  async (c) => {
    const { apres, limite } = c.req.valid('query')
    return c.json(await readFeed(c.get('deps').db, apres, limite))
  },
)

integrationRoutes.post(
  ETAPES_COMMANDE_ROUTE,
  describeRoute({
    summary:
      'Fait avancer les lignes d’une commande (toute la commande avec `etape`, ou ligne par ligne avec `lignes`) ; LIVREE porte la quantité et la date livrées et inscrit la livraison dans l’historique du tiers',
    tags: ['intégration'],
    security,
    parameters: [requiredKey],
    responses: {
      200: { description: 'Étapes enregistrées', content: json(EtapesResultat) },
      400: error('Corps invalide ou Idempotency-Key absente'),
      404: error('Commande inconnue (COMMANDE_INEXISTANTE)'),
      409: error(
        'Étape refusée (ETAPE_REFUSEE : retour en arrière, après une étape définitive…), livraison déjà enregistrée, ou même clé encore en cours',
      ),
      422: error(
        'Refus nommant le champ : quantité sans rapport ou de plus de 3 décimales, ligne inconnue (LIVRAISON_INVALIDE) ; dateLivraison dans le futur ou avant la commande, horodatage dans le futur ou avant la commande (DATE_HORS_PERIODE) ; ou même Idempotency-Key pour une autre requête (IDEMPOTENCE_AUTRE_REQUETE). Rien n’est écrit.',
      ),
      ...access('ecriture ou lecture-ecriture'),
    },
  }),
  validate('param', EtapesParams),
  validate('json', EtapesPayload, tonnesRefus),
  async (c) => {
    const { numero } = c.req.valid('param')
    const payload = c.req.valid('json')
    const { db, clock } = c.get('deps')
    const now = clock.now()
    const outcome = await idempotent(
      db,
      {
        username: `api-key:${c.get('apiKey')!.id}`,
        key: idempotencyKey(c),
        scope: `integration-etapes:${numero}`,
        body: payload,
        now: now.toJSDate(),
      },
      (tx) => applySteps(tx, numero, payload, now),
    )
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body as EtapesResultat, outcome.status as 200)
  },
)

integrationRoutes.post(
  LIVRAISONS_INTEGRATION_ROUTE,
  describeRoute({
    summary: 'Inscrit une livraison (commandée par Silo ou non) dans l’historique du tiers',
    tags: ['intégration'],
    security,
    parameters: [requiredKey],
    responses: {
      201: { description: 'Livraison enregistrée', content: json(LivraisonEnregistree) },
      400: error('Corps invalide ou Idempotency-Key absente'),
      404: error('Tiers inconnu (TIERS_INEXISTANT)'),
      409: error('Numéro de livraison déjà enregistré (LIVRAISON_EXISTANTE), ou même clé encore en cours'),
      422: error(
        'Refus nommant le champ : article, adresse, exploitation, bâtiment, lot, commande ou mode camion qui n’est pas celui du tiers ou n’existe pas (REFERENCE_INCONNUE) ; dateEffectiveLivraison dans le futur, avant la commande livrée ou avant le 2000-01-01 (DATE_HORS_PERIODE) ; quantité sans rapport ou de plus de 3 décimales (LIVRAISON_INVALIDE) ; ou même Idempotency-Key pour une autre requête. Plusieurs refus de codes différents : LIVRAISON_INVALIDE. Rien n’est écrit.',
      ),
      ...access('ecriture ou lecture-ecriture'),
    },
  }),
  validate('json', LivraisonPayload, tonnesRefus),
  async (c) => {
    const payload = c.req.valid('json')
    const { db, clock } = c.get('deps')
    const now = clock.now()
    const outcome = await idempotent(
      db,
      {
        username: `api-key:${c.get('apiKey')!.id}`,
        key: idempotencyKey(c),
        scope: 'integration-livraisons',
        body: payload,
        now: now.toJSDate(),
      },
      (tx) => recordDelivery(tx, payload, now),
    )
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body as LivraisonEnregistree, outcome.status as 201)
  },
)
