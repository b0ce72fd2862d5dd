// spec: main.catalog.cart.validPanier — Règlement (step 2, 'Validation règlement').
import { createFileRoute } from '@tanstack/react-router'
import { PaymentPage } from '../../../../features/payment/payment-page'

export const Route = createFileRoute('/_main/catalog/cart/validPanier')({
  staticData: { title: 'Règlement' },
  component: ValidPanierRoute,
})

function ValidPanierRoute() {
  const { user, numTiers } = Route.useRouteContext()
  return (
    <PaymentPage
      owner={user.username}
      numTiers={numTiers}
      roles={user.roles}
      agitPourAdherents={user.agitPourAdherents}
    />
  )
}
