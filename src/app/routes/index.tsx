// spec: main — entered directly, it redirects to main.catalog.order_history.
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/catalog/order_history' })
  },
})
