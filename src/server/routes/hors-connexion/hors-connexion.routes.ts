// GET /web/v1/tiers/{numTiers}/hors-connexion (issue 50, contract/hors-connexion): the member's
// snapshot for no signal, compressed (app.ts's compress()), under its version as the ETag. A device
// that holds that version gets 304 after one indexed read, and nothing is built.
import { Hono } from 'hono'
import { CODES_ERREUR } from '../../../contract/error-codes'
import { NumTiersParam } from '../../../contract/common'
import { HORS_CONNEXION_ROUTE, HorsConnexion } from '../../../contract/hors-connexion'
import { forCustomer } from '../../auth/access'
import { describeRead } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { notFound } from '../../http/http-error'
import { validate } from '../../http/validate'
import { loadHorsConnexion } from './hors-connexion.handlers'
import { matchesIfNoneMatch, versionHorsConnexion } from '../../services/versions-hors-connexion'

export const horsConnexionRoutes = new Hono<AppEnv>()

/** Kept by the device, asked again each time: If-None-Match answers 304 when nothing changed. */
const CACHE_CONTROL = 'private, no-cache'

horsConnexionRoutes.get(
  HORS_CONNEXION_ROUTE,
  describeRead(
    'Tout ce qu’une commande demande hors connexion, pour un tiers, en une réponse compressée ; ETag : sa version (If-None-Match → 304)',
    'hors-connexion',
    HorsConnexion,
    { 404: 'Tiers inconnu (TIERS_INEXISTANT)' },
  ),
  validate('param', NumTiersParam),
  forCustomer,
  async (c) => {
    const { numTiers } = c.req.valid('param')
    const { db, clock } = c.get('deps')
    const now = clock.now()
    // The version first: a write committing while the snapshot is read only makes it newer.
    const version = await versionHorsConnexion(db, numTiers, now)
    c.header('ETag', `"${version.valeur}"`)
    c.header('Cache-Control', CACHE_CONTROL)
    c.header('Vary', 'Accept-Encoding, Cookie')
    if (matchesIfNoneMatch(c.req.header('if-none-match'), version.valeur)) return c.body(null, 304)
    const snapshot = await loadHorsConnexion(db, numTiers, now, version.valeur)
    if (!snapshot) throw notFound('Numéro de tiers non reconnu', CODES_ERREUR.TIERS_INEXISTANT)
    return c.json(snapshot satisfies HorsConnexion)
  },
)
