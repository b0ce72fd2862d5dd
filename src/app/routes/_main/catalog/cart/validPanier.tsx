// spec: main.catalog.cart.validPanier — Règlement (step 2, 'Validation règlement').
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageHeading } from '../../../../ui/page-heading'
import { HelpButton } from '../../../../ui/help-button'

export const Route = createFileRoute('/_main/catalog/cart/validPanier')({
  staticData: { title: 'Règlement' },
  component: ValidPanierPage,
})

function ValidPanierPage() {
  return (
    <>
      <PageHeading actions={<HelpButton cle="VALID-COMMANDE" label="Aide : règlement" />}>Validation règlement</PageHeading>
      {/* Said plainly until the payment step exists: nothing was sent, nothing is lost. */}
      <p role="status" className="mb-4 rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950">
        Le choix du règlement et l'envoi de la commande ne sont pas encore disponibles dans cette version de Silo. Votre panier reste enregistré sur
        cet appareil ; rien n'a été envoyé à la coopérative.
      </p>
      <Link
        to="/catalog/cart/view"
        className="touch-target inline-flex items-center rounded-full border-2 border-silo-green px-5 font-semibold text-silo-green"
      >
        Retour panier
      </Link>
    </>
  )
}
