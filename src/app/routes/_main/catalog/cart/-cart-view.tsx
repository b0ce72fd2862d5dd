// Step 1 of the cart. The lines themselves come with the cart issue; until then the screen says
// honestly whether the cart on this device is empty.
import { Link } from '@tanstack/react-router'
import { useCartCount } from '../../../../../offline/cart-count'
import { EmptyState, PageHeading } from '../../../../ui/page-heading'
import { HelpButton } from '../../../../ui/help-button'

export function CartView({ owner, numTiers }: { owner: string; numTiers: string }) {
  const count = useCartCount(owner, numTiers)
  return (
    <>
      <PageHeading actions={<HelpButton cle="VALID-PANIER" label="Aide : votre panier" />}>Mon panier</PageHeading>
      {count === 0 && <EmptyState>Votre panier est vide</EmptyState>}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to="/catalog/order_history"
          className="touch-target inline-flex items-center rounded-full border-2 border-silo-green px-5 font-semibold text-silo-green"
        >
          Continuer ma commande
        </Link>
      </div>
    </>
  )
}
