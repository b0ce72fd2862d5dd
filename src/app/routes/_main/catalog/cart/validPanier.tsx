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
      <Link
        to="/catalog/cart/view"
        className="touch-target inline-flex items-center rounded-full border-2 border-silo-green px-5 font-semibold text-silo-green"
      >
        Retour panier
      </Link>
    </>
  )
}
