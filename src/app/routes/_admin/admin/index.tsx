// spec: admin — entered directly, it opens the member search (the parameters for a business
// admin whom the server does not let search members).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_admin/admin/')({
  beforeLoad: ({ context }) => {
    if (!context.user.agitPourAdherents) throw redirect({ to: '/admin/parametres' })
    throw redirect({ to: '/admin/connect-as/selection-tiers' })
  },
})
