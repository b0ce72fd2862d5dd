// `npm run invitations -- etat | envoyer --tous | envoyer --tiers 100001,100002 | envoyer --fichier
// comptes.csv` (issue 48): the sign-in accounts counted by state, and first sign-in links sent to
// every account not yet invited (or whose link expired), or to those named. The same services as
// the Invitations screen; the audit log says 'operateur'. Works beside a running Silo (its
// cluster, or DATABASE_URL) as on a stopped one: the mails wait in the outbox for an instance
// with SMTP_URL. Links are built from PUBLIC_URL (services/link-origin.ts).
import { readFileSync } from 'node:fs'
import { DateTime } from 'luxon'
import {
  ETAT_LIBELLES,
  ETATS_INVITATION,
  RAISON_LIBELLES,
  RAISONS_IGNORE,
  type EnvoiInvitations,
} from '../../contract/invitations'
import { groupDigits } from '../../domain/invitations'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { HttpError } from '../http/http-error'
import { countInvitations } from '../services/invitations'
import { sendInvitations } from '../services/invitations-send'
import { linkOrigin } from '../services/link-origin'
import { withDatabase } from './database-target'
import { identifiersOf } from './identifiers-file'

const USAGE = `Usage : npm run invitations -- etat                         (comptes de connexion par état)
        npm run invitations -- envoyer --tous               (lien à chaque compte non invité ou dont le lien a expiré)
        npm run invitations -- envoyer --tiers 100001,100002 (lien à ces comptes)
        npm run invitations -- envoyer --fichier comptes.csv (lien aux comptes du fichier : un identifiant par ligne ou en 1re colonne)`

type Command = { kind: 'etat' } | { kind: 'envoyer'; cible: { tous: true } | { identifiants: string[] } }

function parse(args: string[]): Command | null {
  const [command, option, value, ...rest] = args
  if (command === 'etat' && args.length === 1) return { kind: 'etat' }
  if (command !== 'envoyer' || rest.length > 0) return null
  if (option === '--tous' && value === undefined) return { kind: 'envoyer', cible: { tous: true } }
  if (option === '--tiers' && value)
    return {
      kind: 'envoyer',
      cible: {
        identifiants: value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      },
    }
  if (option === '--fichier' && value)
    return { kind: 'envoyer', cible: { identifiants: identifiersOf(readFileSync(value, 'utf8')) } }
  return null
}

const n = (x: number) => groupDigits(x).padStart(8)

function printSent(sent: EnvoiInvitations, ms: number) {
  const queued =
    sent.envoyes === 0
      ? 'Aucune invitation mise'
      : sent.envoyes === 1
        ? '1 invitation mise'
        : `${groupDigits(sent.envoyes)} invitations mises`
  console.log(`${queued} en file d’envoi en ${(ms / 1000).toFixed(1)} s.`)
  const skipped = RAISONS_IGNORE.filter((r) => sent.ignores[r] > 0)
  if (skipped.length === 0) return
  console.log('Comptes ignorés :')
  for (const r of skipped) console.log(`${n(sent.ignores[r])}  ${RAISON_LIBELLES[r]}`)
}

let command: Command | null
try {
  command = parse(process.argv.slice(2))
} catch (err) {
  console.error(`Échec : fichier illisible (${(err as Error).message}).`)
  process.exit(1)
}
if (!command) {
  console.error(USAGE)
  process.exit(2)
}
const config = loadConfig()
try {
  await withDatabase(config, 'read', async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url })
    try {
      if (command.kind === 'etat') {
        const counts = await countInvitations(db, DateTime.now())
        const total = ETATS_INVITATION.reduce((sum, e) => sum + counts[e], 0)
        console.log(`Comptes de connexion : ${groupDigits(total)}`)
        for (const e of ETATS_INVITATION) console.log(`${n(counts[e])}  ${ETAT_LIBELLES[e]}`)
        return
      }
      const started = performance.now()
      const sent = await sendInvitations(db, {
        cible: command.cible,
        by: 'operateur',
        demandeur: { par: 'operateur' },
        now: DateTime.now(),
        origin: linkOrigin(config),
      })
      printSent(sent, performance.now() - started)
      if (sent.envoyes > 0)
        console.log(
          config.smtpUrl
            ? 'Les courriels partent par la file d’envoi de Silo (MAIL_RATE_PER_MINUTE par minute au plus).'
            : 'Les courriels attendent dans la file d’envoi qu’une instance de Silo avec SMTP_URL les envoie.',
        )
    } finally {
      await close()
    }
  })
} catch (err) {
  // Links disabled (no PUBLIC_URL): the French reason the screen gives too.
  console.error(`Échec : ${err instanceof HttpError ? err.message : (err as Error).message}`)
  process.exitCode = 1
}
