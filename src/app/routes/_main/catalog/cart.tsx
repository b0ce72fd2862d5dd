// spec: main.catalog.cart — Mon panier, with its three-step bar; entered directly it shows view.
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { CartSteps } from './-cart-steps'

export const Route = createFileRoute('/_main/catalog/cart')({
  staticData: { title: 'Mon panier' },
  component: CartLayout,
})

function CartLayout() {
  return (
    <>
      <CartSteps />
      <Outlet />
    </>
  )
}
