// spec: admin.connect_as.selection_tiers — member search for staff (connect-as).
import { createFileRoute, redirect } from '@tanstack/react-router'
import { MemberSearchPage } from '../../../../features/connect-as/member-search-page'

export const Route = createFileRoute('/_admin/admin/connect-as/selection-tiers')({
  staticData: { title: 'Rechercher un adhérent' },
  // Only for a user the server lets search members (its STAFF_ROLES); a business admin it does
  // not let search goes to the parameters instead.
  beforeLoad: ({ context }) => {
    if (!context.user.agitPourAdherents) throw redirect({ to: '/admin/parametres' })
  },
  component: MemberSearchPage,
})
