// Contacts (cart-orders-admin §2 "Static pages"): the order service by phone in the morning and
// the afternoon, and by e-mail. The spec leaves the number and the address out, so the page says
// where the farmer finds them rather than showing invented ones.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'
import { Lead, LegalList, LegalSection, ON_YOUR_DOCUMENTS } from './legal-blocks'

const link = 'font-semibold text-silo-green-dark underline'

function Channel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border-2 border-silo-green/40 bg-white p-4">
      <h3 className="mb-1 text-lg font-bold">{title}</h3>
      <div className="space-y-2">{children}</div>
    </div>
  )
}

export function ContactsPage() {
  return (
    <article>
      <PageHeading>Contacts</PageHeading>
      <Lead>
        Une question sur une commande, une livraison ou votre accès au service ? Le service commandes du vendeur vous
        répond.
      </Lead>

      <LegalSection id="service-commandes" title="Service commandes">
        <div className="grid gap-4 sm:grid-cols-2">
          <Channel title="Par téléphone">
            <p>
              <strong>Le matin et l'après-midi.</strong>
            </p>
            <p>Le numéro et les horaires du service commandes figurent {ON_YOUR_DOCUMENTS}.</p>
          </Channel>
          <Channel title="Par e-mail">
            <p>L'adresse e-mail du service commandes figure sur les mêmes documents.</p>
          </Channel>
        </div>
        <p>Pour aller plus vite, indiquez votre numéro de tiers et, s'il s'agit d'une commande, son numéro (N°…).</p>
      </LegalSection>

      <LegalSection id="acces" title="Accès au service">
        <LegalList>
          <li>
            Pour obtenir un compte, ou le faire rétablir s'il a été suspendu : votre conseiller ou le service commandes.
          </li>
          <li>
            Si le service vous refuse l'accès, il vous dit qui contacter : votre conseiller ou votre maison régionale,
            ou, en cas d'incident de paiement, votre responsable de compte régional.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="vos-donnees" title="Vos données personnelles">
        <p>
          Pour exercer vos droits (accès, rectification, effacement…), voir la{' '}
          <Link to="/infos/politique" className={link}>
            Politique de confidentialité
          </Link>
          .
        </p>
      </LegalSection>
    </article>
  )
}
