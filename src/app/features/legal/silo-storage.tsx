// What Silo itself keeps, where and for how long: checked against the code (server/auth/cookie.ts,
// server/config.ts SESSION_TTL / SESSION_MAX_AGE, ui/shell/cookie-consent.tsx, offline/db.ts,
// offline/wipe.ts, app/query-client.ts, server/auth/login-throttle.ts, server/http/idempotency.ts,
// server/services/housekeeping.ts, server/db/schema/accounts.ts). Change this page when one of
// them changes.
import type { ReactNode } from 'react'
import { LegalSubsection, LegalTable, type LegalRow } from './legal-blocks'

function Item({ name, use }: { name: ReactNode; use: ReactNode }) {
  return (
    <>
      <span className="block">{name}</span>
      <span className="block font-normal text-neutral-800">{use}</span>
    </>
  )
}

const code = 'rounded bg-neutral-100 px-1 font-mono text-[0.95em]'

const ON_DEVICE: readonly LegalRow[] = [
  {
    head: (
      <Item
        name="Cookie de session"
        use={
          <>
            Vous garde connecté. Il s'appelle <code className={code}>silo_session</code> et les scripts de la page ne
            peuvent pas le lire (HttpOnly).
          </>
        }
      />
    ),
    cells: [
      'Supprimé à la déconnexion. La session prend fin après 7 jours sans utilisation, et au plus tard 30 jours après la connexion.',
    ],
  },
  {
    head: <Item name="Cookie COOKIE_CONSENT" use="Retient que vous avez lu l'information sur les cookies." />,
    cells: ['1 an.'],
  },
  {
    head: (
      <Item
        name="Cookie de connexion par le portail"
        use="Seulement si la coopérative vous fait vous connecter par son propre portail : relie votre retour du portail à votre demande."
      />
    ),
    cells: ['10 minutes au plus, le temps de la connexion.'],
  },
  {
    head: (
      <Item
        name="Panier et dernières livraisons"
        use="Dans la base IndexedDB de l'appareil, pour préparer une commande et consulter vos livraisons sans réseau."
      />
    ),
    cells: ['Effacés à la déconnexion.'],
  },
  {
    head: (
      <Item
        name="Données consultées"
        use="Copie des écrans consultés (localStorage et cache de l'application), pour les afficher sans réseau."
      />
    ),
    cells: ["Effacées à la déconnexion ; une copie de plus de 7 jours n'est plus réutilisée."],
  },
  {
    head: (
      <Item
        name="Commandes et questionnaires pas encore envoyés"
        use="Dans la base IndexedDB de l'appareil, en attendant le réseau."
      />
    ),
    cells: [
      "Gardés jusqu'à leur réception par le vendeur, jamais supprimés en silence : à la déconnexion, Silo vous prévient ; ils partent à votre prochaine connexion sur cet appareil.",
    ],
  },
]

const ON_SERVER: readonly LegalRow[] = [
  {
    head: (
      <Item
        name="Compte"
        use="Identifiant (numéro de tiers), nom, adresse e-mail, rôles, empreinte du mot de passe (jamais le mot de passe lui-même)."
      />
    ),
    cells: ["Au plus 48 mois après la fin de l'adhésion ou de la relation client."],
  },
  {
    head: (
      <Item
        name="Sessions"
        use="Empreinte du jeton de session (jamais le jeton), heures de connexion et de dernière activité, adresse IP, navigateur."
      />
    ),
    cells: ['Effacées un jour après la fin de la session (déconnexion, expiration ou inactivité).'],
  },
  {
    head: <Item name="Commandes" use="Lignes, étapes, commentaires, questionnaires de satisfaction." />,
    cells: ['10 ans (données de preuve).'],
  },
  {
    head: (
      <Item
        name="E-mails de confirmation"
        use="Copie de l'e-mail envoyé à chaque commande, pour vérifier son envoi si vous ne l'avez pas reçu."
      />
    ),
    cells: ["90 jours après l'envoi."],
  },
  {
    head: (
      <Item
        name="Journal des connexions et des actions du personnel"
        use="Chaque connexion (heure, adresse IP, navigateur), et quand un membre du personnel agit pour vous (connexion en votre nom, articles commandables…) : qui, quand, quoi."
      />
    ),
    cells: ['10 ans (données de preuve).'],
  },
  {
    head: (
      <Item
        name="Compteurs de tentatives de connexion"
        use="Nombre d'échecs par compte et par adresse IP, contre les essais de mots de passe."
      />
    ),
    cells: [
      '15 minutes : 5 échecs sur un compte, ou 30 depuis une adresse, bloquent les essais pendant 15 minutes. Le compteur du compte repart de zéro quand la connexion réussit.',
    ],
  },
  {
    head: (
      <Item
        name="Clés d'envoi"
        use="Pour qu'une commande ou un questionnaire envoyé deux fois (réseau instable) ne soit enregistré qu'une fois."
      />
    ),
    cells: ['30 jours.'],
  },
]

export function SiloStorage() {
  return (
    <>
      <p>
        Silo n'utilise aucun cookie publicitaire ni de mesure d'audience, et ne transmet vos données à aucun tiers à des
        fins publicitaires. Les durées de session indiquées sont celles prévues par défaut.
      </p>
      <LegalSubsection title="Sur votre appareil">
        <LegalTable
          captionHidden
          caption="Données gardées sur votre téléphone, tablette ou ordinateur"
          columns={['Donnée et usage', 'Durée et effacement']}
          rows={ON_DEVICE}
        />
      </LegalSubsection>
      <LegalSubsection title="Sur le serveur du service">
        <LegalTable
          captionHidden
          caption="Données gardées sur le serveur du service"
          columns={['Donnée et usage', 'Durée']}
          rows={ON_SERVER}
        />
      </LegalSubsection>
    </>
  )
}
