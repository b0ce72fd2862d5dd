// CGU — general terms of use and sale (cart-orders-admin §1, §2 "Static pages", §9 "Terms").
// The figures are the spec's; the sellers are named by role (the cooperative, its subsidiary),
// never by a made-up company name.
import { Link } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'
import { Lead, LegalList, LegalSection, LegalTable, type LegalRow } from './legal-blocks'

const TERMS_UPDATED_ON = '27/11/2020'

const link = 'font-semibold text-silo-green-dark underline'

const MINIMUMS: readonly LegalRow[] = [
  { head: 'Aliments porcelets et minéraux porcs', cells: ['1 t'] },
  { head: 'Autres aliments', cells: ['2,5 t'] },
]

const DELAYS: readonly LegalRow[] = [
  { head: 'Commande passée le jour J avant 10 h', cells: ['Livraison à J+1'] },
  { head: 'Commande passée le jour J après 10 h', cells: ['Livraison à J+2'] },
  { head: 'Certains aliments en vrac', cells: ['Sous 7 jours'] },
  { head: 'Minéraux en vrac', cells: ['Sous 10 jours ouvrés'] },
  { head: 'Minéraux en sacs', cells: ['Environ 3 jours ouvrés'] },
]

export function TermsPage() {
  return (
    <article>
      <PageHeading>Conditions générales d'utilisation et de vente</PageHeading>
      <p className="mb-3 font-semibold text-neutral-800">Dernière mise à jour : {TERMS_UPDATED_ON}</p>
      <Lead>
        Ces conditions s'appliquent à l'utilisation de Silo et à chaque commande d'aliments passée avec ce service. En
        passant commande, vous les acceptez.
      </Lead>

      <LegalSection id="objet" title="1. Objet du service">
        <p>Le service permet à un producteur :</p>
        <LegalList>
          <li>de consulter ses approvisionnements passés (les 12 dernières livraisons ou les 18 derniers mois) ;</li>
          <li>de commander en ligne les aliments de ses animaux ;</li>
          <li>de suivre ses commandes en cours et de retrouver les précédentes.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="vendeur" title="2. Utilisateurs et vendeur">
        <p>Le service s'adresse à deux catégories d'éleveurs :</p>
        <LegalList>
          <li>
            les <strong>adhérents de la coopérative</strong> : le vendeur est la coopérative ;
          </li>
          <li>
            les <strong>éleveurs professionnels clients de la filiale</strong> de la coopérative, qui exerce dans sept
            départements : le vendeur est la filiale.
          </li>
        </LegalList>
        <p>Dans ces conditions, «&nbsp;le vendeur&nbsp;» désigne l'une ou l'autre selon votre cas.</p>
      </LegalSection>

      <LegalSection id="acces" title="3. Accès au service">
        <LegalList>
          <li>
            L'accès demande un compte ouvert par le vendeur et l'absence de litige en cours avec lui (par exemple un
            incident de paiement non réglé).
          </li>
          <li>
            Les comptes sont créés et suspendus par le vendeur, en dehors du service. Pour obtenir un compte ou le faire
            rétablir, adressez-vous à votre conseiller ou au service commandes.
          </li>
          <li>
            Votre identifiant et votre mot de passe sont personnels. Sur un appareil partagé, déconnectez-vous après
            usage : la déconnexion efface de l'appareil vos données consultées et votre panier.
          </li>
          <li>
            Le personnel du vendeur (service client, conseillers) peut agir pour votre compte dans le service, par
            exemple pour vous aider à commander. Chacune de ses actions est enregistrée.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="commandes" title="4. Commandes">
        <LegalList>
          <li>
            Vous composez votre panier ligne par ligne (aliment, quantité, lieux de stockage, période de livraison, mode
            camion), choisissez un mode de règlement pour chaque ligne, puis confirmez la commande.
          </li>
          <li>
            La commande est enregistrée lorsque le service affiche son numéro («&nbsp;Votre commande N°… a bien été
            enregistrée&nbsp;»). Une confirmation vous est envoyée par e-mail lorsque votre adresse est connue.
          </li>
          <li>
            Sans réseau, une commande confirmée reste sur votre appareil et part dès que la connexion revient. Tant que
            son numéro n'est pas affiché, le vendeur ne l'a pas reçue.
          </li>
          <li>
            Le vendeur vérifie chaque ligne à réception ; une commande refusée revient dans votre panier pour être
            corrigée.
          </li>
          <li>
            <strong>Une commande enregistrée ne peut pas être rétractée.</strong> Pour toute question sur une commande,
            contactez le service commandes en indiquant son numéro.
          </li>
        </LegalList>
        <LegalTable caption="Quantité minimale par commande" columns={['Aliment', 'Minimum']} rows={MINIMUMS} />
      </LegalSection>

      <LegalSection id="delais" title="5. Délais de livraison">
        <LegalTable
          caption="Délais de livraison selon l'heure de commande et le produit"
          columns={['Cas', 'Délai']}
          rows={DELAYS}
        />
        <p>
          Le service calcule la première date de livraison possible selon l'heure de votre commande et le mode camion
          choisi.
        </p>
        <p>Si une livraison ne peut avoir lieu à la date prévue, elle peut être reportée de 5 jours ouvrés au plus.</p>
      </LegalSection>

      <LegalSection id="livraison" title="6. Livraison, quantités et réserves">
        <LegalList>
          <li>La quantité livrée peut différer de la quantité commandée de 1 t au plus (tolérance de poids).</li>
          <li>Vous indiquez pour chaque ligne les lieux de stockage à remplir (trois au plus).</li>
          <li>
            Toute réserve sur une livraison (quantité, état, conformité) doit être adressée au vendeur dans les 3 jours
            qui suivent la livraison.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="reglement" title="7. Règlement">
        <p>
          Pour chaque ligne, vous choisissez un mode de règlement parmi ceux que le vendeur vous propose. Le service
          affiche le taux d'escompte, la date d'échéance et, le cas échéant, la domiciliation bancaire qui s'y
          rattachent. La facture est établie par le vendeur.
        </p>
      </LegalSection>

      <LegalSection id="force-majeure" title="8. Force majeure et renégociation">
        <p>
          Aucune partie n'est responsable d'un manquement dû à un cas de force majeure. Si celui-ci dure plus de 90
          jours, chacune peut annuler la commande concernée.
        </p>
        <p>
          Si un changement de circonstances imprévisible rend l'exécution d'une commande excessivement onéreuse pour une
          partie, celle-ci peut demander une renégociation ; les parties disposent alors de 30 jours pour s'accorder.
        </p>
      </LegalSection>

      <LegalSection id="preuve" title="9. Preuve">
        <p>
          Les données enregistrées par le service (connexions, commandes, confirmations, actions faites pour votre
          compte) font foi entre vous et le vendeur. Elles sont conservées 10 ans.
        </p>
      </LegalSection>

      <LegalSection id="donnees" title="10. Données personnelles et cookies">
        <p>
          Vos données personnelles sont conservées au plus 48 mois après la fin de votre adhésion ou de votre relation
          client ; les cookies durent au plus 13 mois. Le détail, et vos droits, figurent dans la{' '}
          <Link to="/infos/politique" className={link}>
            Politique de confidentialité
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="modification" title="11. Modification et droit applicable">
        <p>
          Le vendeur peut modifier ces conditions ; la date de la dernière mise à jour figure en tête de page. Une
          commande est régie par les conditions en vigueur le jour où elle est enregistrée. Ces conditions sont soumises
          au droit français.
        </p>
      </LegalSection>
    </article>
  )
}
