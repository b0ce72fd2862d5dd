// spec: main.catalog (redirects to main.catalog.order_history)
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_main/catalog/')({
  beforeLoad: () => {
    throw redirect({ to: '/catalog/order_history' })
  },
})
