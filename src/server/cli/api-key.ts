// `npm run api-key -- create NAME | list | revoke ID|NAME`: the keys of the integration API
// (/api/integration/v1/…, docs/integration.md). `create` prints the key once: only its SHA-256 is
// kept. Works beside a running Silo (its cluster, or DATABASE_URL) as on a stopped one; the
// database is migrated first if this version's tables are missing.
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys'
import { withDatabase } from './database-target'

const USAGE = `Usage : npm run api-key -- create NOM      (nouvelle clé, affichée une seule fois)
        npm run api-key -- list            (clés : nom, création, dernier usage, révocation)
        npm run api-key -- revoke ID|NOM   (la clé cesse d'ouvrir l'API à la requête suivante)`

const day = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '—')

const [command, arg, ...rest] = process.argv.slice(2)
if (rest.length > 0 || !((command === 'list' && !arg) || ((command === 'create' || command === 'revoke') && arg))) {
  console.error(USAGE)
  process.exit(2)
}
try {
  await withDatabase(loadConfig(), 'read', async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url })
    try {
      if (command === 'create') {
        const made = await createApiKey(db, arg!)
        console.log(`Clé d'API n°${made.id} « ${made.nom} » créée. Elle ne sera plus jamais affichée :`)
        console.log(made.key)
        console.log(`À envoyer dans l'en-tête : Authorization: Bearer ${made.key}`)
      } else if (command === 'revoke') {
        const revoked = await revokeApiKey(db, arg!)
        if (!revoked) throw new Error(`Aucune clé n°${arg} ni nommée « ${arg} ».`)
        console.log(`Clé n°${revoked.id} « ${revoked.nom} » révoquée le ${day(revoked.revoqueeA)} (UTC).`)
      } else {
        const keys = await listApiKeys(db)
        if (keys.length === 0) console.log('Aucune clé d’API.')
        console.log(['n°', 'nom', 'début', 'créée (UTC)', 'dernier usage', 'révoquée'].join('\t'))
        for (const k of keys)
          console.log(
            [k.id, k.nom, `${k.prefixe}…`, day(k.creeeA), day(k.derniereUtilisation), day(k.revoqueeA)].join('\t'),
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
