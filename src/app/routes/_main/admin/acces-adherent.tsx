// Staff acting for a member: the member's access (issue 40). Lives in the main shell, beside
// Gestion articles: it is about the member chosen, whose header and menu stay in view.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { isFarmer } from '../../../../domain/roles'
import { MemberAccessPage } from '../../../features/member-access/member-access-page'

export const Route = createFileRoute('/_main/admin/acces-adherent')({
  staticData: { title: 'Administration - Accès de l’adhérent' },
  beforeLoad: ({ context }) => {
    if (isFarmer(context.user.roles) || !context.user.agitPourAdherents)
      throw redirect({ to: '/catalog/order_history' })
  },
  component: MemberAccessRoute,
})

function MemberAccessRoute() {
  const { numTiers } = Route.useRouteContext()
  return <MemberAccessPage numTiers={numTiers} />
}
