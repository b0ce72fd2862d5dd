// spec: admin — entered directly, it opens the member search.
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_admin/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/connect-as/selection-tiers' })
  },
})
