// spec: main.catalog.cart.view — the cart, step 1.
import { createFileRoute } from '@tanstack/react-router'
import { CartView } from './-cart-view'

export const Route = createFileRoute('/_main/catalog/cart/view')({
  component: CartViewRoute,
})

function CartViewRoute() {
  const { user, numTiers } = Route.useRouteContext()
  return <CartView owner={user.username} numTiers={numTiers} />
}
