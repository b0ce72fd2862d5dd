// GET /web/v1/tiers/{numTiers}/hors-connexion (issue 50, contract/hors-connexion): the member's
// snapshot for no signal, under its version as the ETag. A device that holds that version gets 304
// after one indexed read, and nothing is built. Otherwise the snapshot is built once per member and
// version, compressed once per encoding (brotli, else gzip, per Accept-Encoding), and kept in a
// cache bounded by bytes: every request for that version after the first is a copy from memory.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { Hono } from 'hono'
import { CODES_ERREUR } from '../../../contract/error-codes'
import { NumTiersParam } from '../../../contract/common'
import { HORS_CONNEXION_ROUTE, HorsConnexion } from '../../../contract/hors-connexion'
import { forCustomer } from '../../auth/access'
import type { Db } from '../../db/client'
import { ByteLru } from '../../http/byte-lru'
import { describeRoute } from 'hono-openapi'
import { error, json, responseHeader } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { notFound } from '../../http/http-error'
import { acceptedEncodings, type Encoding } from '../../http/precompressed'
import { validate } from '../../http/validate'
import { loadHorsConnexion } from './hors-connexion.handlers'
import { matchesIfNoneMatch, versionHorsConnexion } from '../../services/versions-hors-connexion'

export const horsConnexionRoutes = new Hono<AppEnv>()

/** Kept by the device, asked again each time: If-None-Match answers 304 when nothing changed. */
const CACHE_CONTROL = 'private, no-cache'
/** The largest member's snapshot is a few hundred KB as JSON, tens of KB compressed. */
const CACHE_BYTES = 64 * 1024 * 1024
/** Brotli's quality 5: near quality 11's size on JSON at a fraction of its time (docs/figures.md). */
const BROTLI_QUALITY = 5

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

type Forme = Encoding | 'identity'

// One cache per database (server tests run several databases in one process). The key holds the
// member and the whole version (global, member, day): no member is ever served another's body.
// Beside it, the snapshots being built: their JSON is not kept (a few hundred KB), only the forms sent.
const caches = new WeakMap<Db, { cache: ByteLru<Buffer>; building: Map<string, Promise<Buffer>> }>()
const cacheOf = (db: Db) => {
  let kept = caches.get(db)
  if (!kept) caches.set(db, (kept = { cache: new ByteLru<Buffer>(CACHE_BYTES, (b) => b.length), building: new Map() }))
  return kept
}
const keyOf = (numTiers: string, version: string, forme: Forme) => `${numTiers}\u0000${version}\u0000${forme}`

/** The snapshot's body in one form; null (nothing kept) when the member is unknown. */
async function corps(
  db: Db,
  numTiers: string,
  version: string,
  forme: Forme,
  build: () => Promise<HorsConnexion | null>,
) {
  const { cache, building } = cacheOf(db)
  const json = () => {
    const key = keyOf(numTiers, version, 'identity')
    let pending = building.get(key)
    if (!pending) {
      pending = build().then((snapshot) => {
        if (!snapshot) throw new Inconnu()
        return Buffer.from(JSON.stringify(snapshot satisfies HorsConnexion))
      })
      building.set(key, pending)
      const done = () => building.delete(key)
      pending.then(done, done)
    }
    return pending
  }
  return cache.get(keyOf(numTiers, version, forme), async () => {
    const raw = await json()
    // This member's older versions are of no use to anyone any more.
    const prefix = `${numTiers}\u0000`
    const current = `${prefix}${version}\u0000`
    cache.dropWhere((k) => k.startsWith(prefix) && !k.startsWith(current))
    if (forme === 'identity') return raw
    return forme === 'br'
      ? brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzipped(raw, { level: 6 })
  })
}

class Inconnu extends Error {}

horsConnexionRoutes.get(
  HORS_CONNEXION_ROUTE,
  describeRoute({
    summary:
      'Tout ce qu’une commande demande hors connexion, pour un tiers, en une réponse compressée (br, gzip selon Accept-Encoding) ; ETag : sa version',
    tags: ['hors-connexion'],
    parameters: [
      {
        in: 'header',
        name: 'If-None-Match',
        required: false,
        schema: { type: 'string' },
        description: 'La version que l’appareil détient (l’ETag reçu) : 304 sans corps quand rien n’a changé',
      },
    ],
    responses: {
      200: {
        description: 'L’instantané du tiers',
        content: json(HorsConnexion),
        headers: {
          ETag: responseHeader('La version de l’instantané, entre guillemets (HorsConnexion.version)'),
          'Cache-Control': responseHeader('private, no-cache'),
        },
      },
      304: {
        description: 'Rien n’a changé depuis la version nommée par If-None-Match',
        headers: { ETag: responseHeader('La version, inchangée') },
      },
      400: error('Paramètres invalides'),
      401: error('Non authentifié'),
      403: error('La session ne peut pas agir pour ce tiers'),
      404: error('Tiers inconnu (TIERS_INEXISTANT)'),
    },
  }),
  validate('param', NumTiersParam),
  forCustomer,
  async (c) => {
    const { numTiers } = c.req.valid('param')
    const { db, clock } = c.get('deps')
    const now = clock.now()
    // The version first: a write committing while the snapshot is read only makes it newer.
    const version = await versionHorsConnexion(db, numTiers, now)
    const headers: Record<string, string> = {
      ETag: `"${version.valeur}"`,
      'Cache-Control': CACHE_CONTROL,
      Vary: 'Accept-Encoding',
    }
    if (matchesIfNoneMatch(c.req.header('if-none-match'), version.valeur)) return c.body(null, 304, headers)
    const forme: Forme = acceptedEncodings(c.req.header('accept-encoding'))[0] ?? 'identity'
    let body: Buffer
    try {
      body = await corps(db, numTiers, version.valeur, forme, () => loadHorsConnexion(db, numTiers, now, version))
    } catch (err) {
      if (err instanceof Inconnu) throw notFound('Numéro de tiers non reconnu', CODES_ERREUR.TIERS_INEXISTANT)
      throw err
    }
    return c.body(new Uint8Array(body), 200, {
      ...headers,
      'Content-Type': 'application/json; charset=UTF-8',
      ...(forme !== 'identity' && { 'Content-Encoding': forme }),
      'Content-Length': String(body.length),
    })
  },
)
