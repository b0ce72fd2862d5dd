// `npm run api-key -- create NOM [--portee lecture|ecriture] [--expire 365j] | list | revoke ID|NOM`:
// the keys of the integration API (/api/integration/v1/…, docs/integration.md). `create` prints
// the key once: only its SHA-256 is kept. Without --portee a key reads and writes, as before
// issue 49, with a warning: a consumer that only reads the feed should hold a key that cannot
// post. Works beside a running Silo (its cluster, or DATABASE_URL) as on a stopped one; the
// database is migrated first if this version's tables are missing.
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { createApiKey, listApiKeys, PORTEES, revokeApiKey, type Portee } from '../services/api-keys'
import { withDatabase } from './database-target'

const USAGE = `Usage : npm run api-key -- create NOM [--portee lecture|ecriture] [--expire 365j]
                                           (nouvelle clé, affichée une seule fois ;
                                            lecture : lit le flux des commandes ;
                                            ecriture : enregistre étapes et livraisons ;
                                            sans --portee : les deux ; --expire : durée en jours)
        npm run api-key -- list            (clés : nom, portée, fin, création, dernier usage, révocation)
        npm run api-key -- revoke ID|NOM   (la clé cesse d'ouvrir l'API à la requête suivante)`

const day = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '—')
const DAY_MS = 86_400_000

function usage(reason?: string): never {
  if (reason) console.error(reason)
  console.error(USAGE)
  process.exit(2)
}

let parsed: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { portee: { type: 'string' }, expire: { type: 'string' } },
  })
}
try {
  parsed = parse()
} catch (err) {
  usage((err as Error).message)
}
const [command, arg, ...rest] = parsed.positionals
const { portee, expire } = parsed.values
if (rest.length > 0 || !((command === 'list' && !arg) || ((command === 'create' || command === 'revoke') && arg)))
  usage()
if (command !== 'create' && (portee !== undefined || expire !== undefined))
  usage('--portee et --expire ne vont qu’avec create.')
if (portee !== undefined && !PORTEES.includes(portee as Portee))
  usage(`Portée inconnue : ${portee} (lecture, ecriture ou lecture-ecriture).`)
const days = expire === undefined ? null : /^(\d{1,4})j$/.exec(expire)?.[1]
if (expire !== undefined && (!days || Number(days) < 1 || Number(days) > 3650))
  usage(`Durée inconnue : ${expire} (un nombre de jours de 1 à 3650 suivi de j, par exemple 365j).`)

try {
  await withDatabase(loadConfig(), 'read', async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url })
    try {
      if (command === 'create') {
        const made = await createApiKey(db, arg!, {
          portee: portee as Portee | undefined,
          expireA: days ? new Date(Date.now() + Number(days) * DAY_MS) : null,
        })
        console.log(`Clé d'API n°${made.id} « ${made.nom} » créée. Elle ne sera plus jamais affichée :`)
        console.log(made.key)
        console.log(`À envoyer dans l'en-tête : Authorization: Bearer ${made.key}`)
        console.log(
          `Portée : ${made.portee} ; fin : ${made.expireA ? `${day(made.expireA)} (UTC)` : 'aucune (révoquer à la main)'}.`,
        )
        if (made.portee === 'lecture-ecriture')
          console.warn(
            'Attention : cette clé lit le flux ET enregistre étapes et livraisons. Préférez une clé plus étroite : --portee lecture pour qui ne fait que lire le flux, --portee ecriture pour qui ne fait qu’écrire (et --expire 365j pour qu’elle ait une fin).',
          )
      } else if (command === 'revoke') {
        const revoked = await revokeApiKey(db, arg!)
        if (!revoked) throw new Error(`Aucune clé n°${arg} ni nommée « ${arg} ».`)
        console.log(`Clé n°${revoked.id} « ${revoked.nom} » révoquée le ${day(revoked.revoqueeA)} (UTC).`)
      } else {
        const keys = await listApiKeys(db)
        if (keys.length === 0) console.log('Aucune clé d’API.')
        const now = Date.now()
        console.log(
          ['n°', 'nom', 'début', 'portée', 'fin (UTC)', 'créée (UTC)', 'dernier usage', 'révoquée'].join('\t'),
        )
        for (const k of keys)
          console.log(
            [
              k.id,
              k.nom,
              `${k.prefixe}…`,
              k.portee,
              k.expireA ? `${day(k.expireA)}${k.expireA.getTime() <= now ? ' (expirée)' : ''}` : 'aucune',
              day(k.creeeA),
              day(k.derniereUtilisation),
              day(k.revoqueeA),
            ].join('\t'),
          )
      }
    } finally {
      await close()
    }
  })
} catch (err) {
  console.error(`Échec : ${(err as Error).message}`)
  process.exitCode = 1
}
