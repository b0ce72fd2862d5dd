// Politique de confidentialité (cart-orders-admin §2 "Static pages", §9 retention figures). It
// ends, as the spec asks, with the data-subject rights, the proof of identity and the notice
// that the policy may change; in between, what Silo itself keeps (silo-storage.tsx).
import { Link } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'
import { Lead, LegalList, LegalSection, LegalTable, ON_YOUR_DOCUMENTS, type LegalRow } from './legal-blocks'
import { SiloStorage } from './silo-storage'

const link = 'font-semibold text-silo-green-dark underline'

const RETENTION: readonly LegalRow[] = [
  { head: 'Données de preuve (connexions, commandes, actions faites pour votre compte)', cells: ['10 ans'] },
  {
    head: 'Autres données personnelles',
    cells: ["Au plus 48 mois après la fin de l'adhésion ou de la relation client"],
  },
  { head: 'Cookies', cells: ['Au plus 13 mois'] },
]

const RIGHTS: readonly LegalRow[] = [
  { head: 'Accès', cells: ['Savoir si des données vous concernant sont traitées et en obtenir une copie.'] },
  { head: 'Rectification', cells: ['Faire corriger des données inexactes ou compléter des données incomplètes.'] },
  {
    head: 'Effacement',
    cells: [
      'Faire effacer vos données, sauf celles que le vendeur doit garder (par exemple comme preuve des commandes).',
    ],
  },
  {
    head: 'Limitation',
    cells: ["Faire suspendre l'utilisation de vos données, par exemple le temps d'examiner une contestation."],
  },
  {
    head: 'Opposition',
    cells: [
      "Vous opposer, pour des raisons tenant à votre situation, à un traitement fondé sur l'intérêt légitime du vendeur.",
    ],
  },
  {
    head: 'Retrait du consentement',
    cells: ['Retirer à tout moment un consentement donné, sans remettre en cause ce qui a été fait avant.'],
  },
  {
    head: 'Réclamation',
    cells: [
      <>
        Saisir l'autorité de protection des données : la Commission nationale de l'informatique et des libertés (CNIL),{' '}
        <a href="https://www.cnil.fr" className={link}>
          www.cnil.fr
        </a>
        .
      </>,
    ],
  },
  { head: 'Prospection commerciale', cells: ['Refuser de recevoir des offres commerciales, à tout moment.'] },
  {
    head: 'Cookies et publicité ciblée',
    cells: ["Refuser les cookies non nécessaires et la publicité ciblée. Silo n'en dépose aucun."],
  },
]

export function PrivacyPolicyPage() {
  return (
    <article>
      <PageHeading>Politique de confidentialité</PageHeading>
      <Lead>
        Cette page dit quelles données vous concernant le service utilise, pourquoi, où elles sont gardées, combien de
        temps, et comment exercer vos droits.
      </Lead>

      <LegalSection id="responsable" title="Responsable du traitement">
        <p>
          Le responsable est le vendeur : la coopérative si vous en êtes adhérent, sa filiale si vous êtes client de
          celle-ci. Ses coordonnées figurent {ON_YOUR_DOCUMENTS}.
        </p>
      </LegalSection>

      <LegalSection id="donnees" title="Données utilisées et finalités">
        <LegalList>
          <li>Identité et compte : numéro de tiers, raison sociale, nom, adresse e-mail.</li>
          <li>
            Exploitation : adresses de livraison, bâtiments et lieux de stockage, lots et plans d'alimentation,
            contrats.
          </li>
          <li>Commandes et livraisons : aliments, quantités, dates, commentaires, étapes de traitement.</li>
          <li>Règlement : modes de règlement, domiciliations bancaires (banque et numéro de compte).</li>
          <li>Questionnaires de satisfaction : notes et commentaire.</li>
          <li>Données techniques : connexions, adresse IP, navigateur.</li>
        </LegalList>
        <p>
          Elles servent à exécuter vos commandes (préparation, livraison, facturation), à vous montrer votre historique,
          à faire la preuve des commandes, à protéger le service contre les accès frauduleux et à l'améliorer grâce à
          vos avis.
        </p>
        <p>
          Elles sont traitées par les services du vendeur qui en ont besoin (service commandes, logistique,
          comptabilité) et par votre conseiller.
        </p>
      </LegalSection>

      <LegalSection id="durees" title="Durées de conservation">
        <LegalTable captionHidden caption="Durées de conservation" columns={['Données', 'Durée']} rows={RETENTION} />
      </LegalSection>

      <LegalSection id="silo" title="Ce que Silo garde, et où">
        <SiloStorage />
      </LegalSection>

      <LegalSection id="droits" title="Vos droits">
        <LegalTable
          caption="Vos droits sur vos données personnelles"
          columns={['Droit', "Ce qu'il vous permet"]}
          rows={RIGHTS}
        />
        <p>
          Pour exercer un droit, écrivez au vendeur (adresse {ON_YOUR_DOCUMENTS}) ou au service commandes (voir la page{' '}
          <Link to="/infos/contacts" className={link}>
            Contacts
          </Link>
          ). <strong>Joignez un justificatif d'identité</strong> : il est demandé pour s'assurer que la demande vient
          bien de vous.
        </p>
      </LegalSection>

      <LegalSection id="modification" title="Modification de cette politique">
        <p>Cette politique peut être modifiée à tout moment. La version en vigueur est celle publiée sur cette page.</p>
      </LegalSection>
    </article>
  )
}
