// Mentions légales (cart-orders-admin §2 "Static pages"). The spec leaves the company details
// out, so the page names the two possible sellers and says where their details are printed;
// nothing here is a made-up name, number or address.
import { Link } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'
import { Lead, LegalList, LegalSection, ON_YOUR_DOCUMENTS, WhereToFind } from './legal-blocks'

const link = 'font-semibold text-silo-green-dark underline'

export function LegalNoticePage() {
  return (
    <article>
      <PageHeading>Mentions légales</PageHeading>
      <Lead>
        Silo est le service de commande d'aliments en ligne proposé aux éleveurs adhérents de la coopérative et aux
        éleveurs professionnels clients de sa filiale.
      </Lead>

      <LegalSection id="editeur" title="Éditeur du service">
        <p>Le service est édité par le vendeur avec lequel vous êtes lié :</p>
        <LegalList>
          <li>
            <strong>la coopérative</strong>, si vous en êtes adhérent ;
          </li>
          <li>
            <strong>la filiale</strong> de la coopérative, si vous êtes un éleveur professionnel client de cette filiale
            dans l'un des sept départements où elle exerce.
          </li>
        </LegalList>
        <p>Ses coordonnées complètes figurent {ON_YOUR_DOCUMENTS} :</p>
        <dl className="space-y-3">
          <WhereToFind label="Raison sociale, forme juridique et capital">
            Sur l'en-tête de vos factures et de votre contrat.
          </WhereToFind>
          <WhereToFind label="Siège social">Sur l'en-tête de vos factures et de vos bons de livraison.</WhereToFind>
          <WhereToFind label="Immatriculation (RCS, SIRET) et numéro de TVA intracommunautaire">
            Sur vos factures.
          </WhereToFind>
          <WhereToFind label="Directeur ou directrice de la publication">
            Le représentant légal du vendeur ; son nom vous est communiqué par le service commandes sur simple demande.
          </WhereToFind>
        </dl>
      </LegalSection>

      <LegalSection id="hebergement" title="Hébergement">
        <p>
          Le service est hébergé pour le compte du vendeur. Le nom, l'adresse et le téléphone de l'hébergeur vous sont
          communiqués par le service commandes sur simple demande (voir la page{' '}
          <Link to="/infos/contacts" className={link}>
            Contacts
          </Link>
          ).
        </p>
      </LegalSection>

      <LegalSection id="propriete" title="Propriété intellectuelle">
        <p>
          Les textes, images, logos et marques présentés dans Silo appartiennent au vendeur ou à leurs auteurs. Toute
          reproduction ou diffusion, totale ou partielle, sans autorisation écrite du vendeur est interdite.
        </p>
      </LegalSection>

      <LegalSection id="donnees" title="Données personnelles et cookies">
        <p>
          Ce que le service enregistre, où, combien de temps, et comment exercer vos droits : voir la{' '}
          <Link to="/infos/politique" className={link}>
            Politique de confidentialité
          </Link>
          . Silo n'utilise aucun cookie publicitaire ni de mesure d'audience.
        </p>
      </LegalSection>

      <LegalSection id="conditions" title="Conditions d'utilisation et de vente">
        <p>
          L'accès au service et les commandes passées sont régis par les{' '}
          <Link to="/infos/conditionsVente" className={link}>
            Conditions générales d'utilisation et de vente
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="droit" title="Droit applicable">
        <p>Les présentes mentions et l'utilisation du service sont soumises au droit français.</p>
      </LegalSection>
    </article>
  )
}
