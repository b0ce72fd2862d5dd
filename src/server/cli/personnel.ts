// `npm run personnel -- creer | liste | desactiver | reactiver` (issue 48): the staff accounts,
// kept by the cooperative's IT team. A fresh Silo (SEED=none, no OpenID Connect) has no account
// that can sign in; `creer` makes the first one and prints its first sign-in link, to open in a
// browser. Works beside a running Silo (its cluster, or DATABASE_URL) as on a stopped one, with
// the same environment as Silo (PUBLIC_URL, SMTP_URL, STAFF_ROLES, DATA_DIR or DATABASE_URL).
// Exit codes: 0 done, 1 refused or failed, 2 usage.
import { parseArgs } from 'node:util'
import { DateTime } from 'luxon'
import { LIEN_VALIDITE_HEURES } from '../../contract/acces-adherent'
import { ZONE } from '../../domain/calendar'
import { formatDateCourte, formatHeure } from '../../domain/format'
import { clockFromEnv } from '../clock'
import { boundToPortfolio } from '../../domain/roles'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { HttpError } from '../http/http-error'
import { currentHolder } from '../db/embedded/lock'
import { linkOrigin } from '../services/link-origin'
import {
  creerPersonnel,
  desactiverCompte,
  listePersonnel,
  reactiverCompte,
  RefusPersonnel,
  SANS_ADRESSE_PUBLIQUE,
  type EtatLien,
} from '../services/personnel'
import { withDatabase } from './database-target'

const USAGE = `Usage : npm run personnel -- creer IDENTIFIANT --nom "NOM" --courriel ADRESSE --roles ROLE[,ROLE…]
            (crée ou met à jour un compte du personnel et affiche son lien de première connexion)
        npm run personnel -- liste
            (les comptes du personnel : nom, adresse, rôles, mot de passe, dernier lien, désactivation)
        npm run personnel -- desactiver IDENTIFIANT
            (le compte ne se connecte plus ; ses sessions se terminent aussitôt)
        npm run personnel -- reactiver IDENTIFIANT`

function usage(problem?: string): never {
  if (problem) console.error(problem)
  console.error(USAGE)
  process.exit(2)
}

/** '25/11/2026 09:30' in Paris time. */
const quand = (d: Date) => {
  const t = DateTime.fromJSDate(d).setZone(ZONE)
  return `${formatDateCourte(t)} ${formatHeure(t)}`
}

const etatLien = (l: EtatLien) =>
  l.etat === 'aucun'
    ? 'aucun'
    : l.etat === 'utilise'
      ? `utilisé le ${quand(l.a)}`
      : l.etat === 'remplace'
        ? 'remplacé (hors service)'
        : l.etat === 'expire'
          ? `expiré le ${quand(l.a)}`
          : `valable jusqu’au ${quand(l.jusqua)}`

function parse(argv: string[]) {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { nom: { type: 'string' }, courriel: { type: 'string' }, roles: { type: 'string' } },
    })
  } catch (err) {
    usage(`Arguments refusés : ${(err as Error).message}`)
  }
  const [command, identifiant, ...rest] = parsed.positionals
  const { nom, courriel, roles } = parsed.values
  if (rest.length > 0) usage(`Argument en trop : ${rest.join(' ')}`)
  if (command === 'creer') {
    if (!identifiant) usage('Il manque l’identifiant du compte.')
    if (nom === undefined || courriel === undefined || roles === undefined)
      usage('creer demande --nom, --courriel et --roles.')
    const list = roles
      .split(',')
      .map((r) => r.trim())
      .filter((r) => r !== '')
    return { command, identifiant, nom, courriel, roles: list } as const
  }
  if (nom !== undefined || courriel !== undefined || roles !== undefined)
    usage('--nom, --courriel et --roles ne servent qu’à creer.')
  if (command === 'liste' && !identifiant) return { command } as const
  if ((command === 'desactiver' || command === 'reactiver') && identifiant) return { command, identifiant } as const
  usage()
}

const args = parse(process.argv.slice(2))
const config = loadConfig()
const clock = clockFromEnv()
// Refused before the database is opened: without PUBLIC_URL (and off loopback) no link can be made.
const origin = linkOrigin(config)
if (args.command === 'creer' && !origin) {
  console.error(`Refusé : ${SANS_ADRESSE_PUBLIQUE}`)
  process.exit(1)
}
/** Whether a Silo runs on this embedded database (null: an external database, we cannot tell). */
const siloRunning = config.databaseUrl ? null : currentHolder(config.dataDir) !== null

try {
  await withDatabase(config, 'read', async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url })
    try {
      if (args.command === 'creer') {
        const mail = config.smtpUrl !== null
        const made = await creerPersonnel(db, {
          identifiant: args.identifiant,
          nom: args.nom,
          courriel: args.courriel,
          roles: args.roles,
          staffRoles: config.staffRoles,
          origin,
          mail,
          now: clock.now(),
        })
        console.log(
          `Compte du personnel « ${args.identifiant} » ${made.cree ? 'créé' : 'mis à jour (son mot de passe, s’il en a un, est inchangé)'} : ${args.nom.trim()}, ${args.courriel}, rôles ${[...new Set(args.roles)].join(', ')}.`,
        )
        if (boundToPortfolio(args.roles, config.staffRoles))
          console.log(
            `Ce compte n’agit que pour les adhérents de son portefeuille : importez portefeuilles.csv (username ${args.identifiant}, numTiers), voir docs/import.md.`,
          )
        console.log(`Lien de première connexion : ${made.url}`)
        console.log(
          `Il sert une fois, pendant ${LIEN_VALIDITE_HEURES} heures (jusqu’au ${quand(new Date(made.lien.expireA))}, heure de Paris) : la personne l’ouvre et choisit son mot de passe. Il remplace tout lien précédent de ce compte.`,
        )
        if (!mail)
          console.log(
            'SMTP_URL n’est pas défini : aucun courriel n’est envoyé. Transmettez ce lien vous-même, par un moyen sûr (il ouvre le compte).',
          )
        else if (siloRunning === false)
          console.log(
            `Le même lien part par courriel à ${args.courriel} : Silo n’est pas démarré, le courriel attend dans la file d’envoi (mail_outbox) et partira dès que Silo démarrera.`,
          )
        else if (siloRunning)
          console.log(
            `Le même lien part par courriel à ${args.courriel}, par la file d’envoi de Silo (mail_outbox) : Silo tourne, il l’envoie dans les secondes qui viennent.`,
          )
        else
          console.log(
            `Le même lien part par courriel à ${args.courriel}, par la file d’envoi de Silo (mail_outbox) : dans les secondes qui viennent si Silo tourne, sinon à son démarrage.`,
          )
      } else if (args.command === 'liste') {
        const comptes = await listePersonnel(db, config.staffRoles, clock.now())
        if (comptes.length === 0) {
          console.log('Aucun compte du personnel. Créez-en un : npm run personnel -- creer …')
          return
        }
        console.log(['identifiant', 'nom', 'courriel', 'rôles', 'mot de passe', 'dernier lien', 'désactivé'].join('\t'))
        for (const c of comptes)
          console.log(
            [
              c.identifiant,
              c.nom,
              c.courriel ?? '—',
              c.roles.join(','),
              c.motDePasse ? 'choisi' : 'non choisi',
              etatLien(c.dernierLien),
              c.desactiveA ? `depuis le ${quand(c.desactiveA)}` : 'non',
            ].join('\t'),
          )
      } else if (args.command === 'desactiver') {
        const done = await desactiverCompte(db, args.identifiant, clock.now())
        console.log(
          done.deja
            ? `Le compte « ${args.identifiant} » était déjà désactivé (depuis le ${quand(done.deja)}) : rien n’a changé.`
            : `Compte « ${args.identifiant} » désactivé : il ne peut plus se connecter (mot de passe, OpenID Connect, lien) ; ${done.sessions} session(s) terminée(s).`,
        )
      } else {
        const done = await reactiverCompte(db, args.identifiant)
        console.log(
          done.etaitDesactive
            ? `Compte « ${args.identifiant} » réactivé : son mot de passe, s’il en a un, l’ouvre de nouveau ; sinon, faites-lui un lien (npm run personnel -- creer …).`
            : `Le compte « ${args.identifiant} » n’était pas désactivé : rien n’a changé.`,
        )
      }
    } finally {
      await close()
    }
  })
} catch (err) {
  // A refusal (nothing written) or a failure (the database away…): said in French either way.
  const refused = err instanceof RefusPersonnel || err instanceof HttpError
  console.error(`${refused ? 'Refusé' : 'Échec'} : ${(err as Error).message}`)
  process.exitCode = 1
}
