// `npm run secrets -- rotate [--forcer]`: new values for the server's keys (server_secrets: the
// owner tag, the seal key, the member-choice proof), the previous ones kept for what was made with
// them (auth/server-secret.ts). Works beside a running Silo (its instances take the new keys up
// within a minute) as on a stopped one. `npm run secrets -- etat`: the keys' names and dates,
// never their values. See docs/backups-and-secrets.md.
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { describeServerSecrets, MIN_DAYS_BETWEEN_ROTATIONS, PREVIOUS, rotateServerSecrets } from '../auth/server-secret'
import { loadConfig } from '../config'
import * as schema from '../db/schema'
import { withDatabase } from './database-target'

const USAGE = `Usage : npm run secrets -- rotate [--forcer]   (nouvelles clés du serveur ; --forcer : moins de ${MIN_DAYS_BETWEEN_ROTATIONS} jours après la précédente rotation)
        npm run secrets -- etat               (noms et dates des clés, jamais leurs valeurs)`

/** What a rotation of each key means for users. */
const MEANING: Record<string, string> = {
  'preuve-choix-adherent':
    'preuves de choix d’adhérent : les nouvelles sont signées avec la nouvelle clé ; celles données avant restent valables jusqu’à leur expiration (24 h au plus)',
  'proprietaire-appareil':
    'étiquette du propriétaire de l’appareil : les sessions ouvertes avant gardent la leur ; à la prochaine connexion, l’appareil refait sa copie hors connexion (en ligne)',
  'scellement-appareil':
    'clé de scellement : ce qui est scellé désormais l’est avec la nouvelle clé ; l’ancienne est donnée à chaque utilisateur à côté de la nouvelle jusqu’à la prochaine rotation, pour ouvrir ce qu’un appareil avait scellé avant',
}

const [command, ...flags] = process.argv.slice(2)
const force = flags.includes('--forcer')
if ((command !== 'rotate' && command !== 'etat') || flags.some((f) => f !== '--forcer')) {
  console.error(USAGE)
  process.exit(2)
}
try {
  // 'read': beside a running Silo too (a rotation must not wait for a stop), else started for it.
  await withDatabase(loadConfig(), 'read', async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    try {
      const db = drizzle({ client: pool, schema, casing: 'snake_case' })
      if (command === 'etat') {
        for (const s of await describeServerSecrets(db))
          console.log(
            `${s.name.padEnd(40)} ${s.name.endsWith(PREVIOUS) ? 'créée le' : 'en service depuis le'} ${s.createdAt.toISOString()}`,
          )
        return
      }
      const { rotated } = await rotateServerSecrets(db, new Date(), { force })
      if (rotated.length === 0) {
        console.log('Aucune clé à renouveler : le serveur crée les siennes à leur premier usage.')
        return
      }
      console.log(`Clés renouvelées : ${rotated.join(', ')}. Les instances en service les prennent d'ici une minute.`)
      for (const name of rotated) if (MEANING[name]) console.log(`- ${MEANING[name]}`)
      console.log(
        'Les sauvegardes faites avant contiennent les anciennes clés (chiffrées) : une restauration les ramène.',
      )
    } finally {
      await pool.end()
    }
  })
} catch (err) {
  const e = err as Error & { cause?: Error }
  console.error(`Échec : ${e.message}${e.cause ? ` (${e.cause.message})` : ''}`)
  process.exitCode = 1
}
