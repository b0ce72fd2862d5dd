// spec: main.catalog.cart (redirects to main.catalog.cart.view)
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_main/catalog/cart/')({
  beforeLoad: () => {
    throw redirect({ to: '/catalog/cart/view' })
  },
})
