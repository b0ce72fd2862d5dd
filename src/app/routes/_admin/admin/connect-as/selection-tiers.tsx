// spec: admin.connect_as.selection_tiers — member search for staff (connect-as).
import { createFileRoute } from '@tanstack/react-router'
import { MemberSearchPage } from '../../../../features/connect-as/member-search-page'

export const Route = createFileRoute('/_admin/admin/connect-as/selection-tiers')({
  staticData: { title: 'Rechercher un adhérent' },
  component: MemberSearchPage,
})
