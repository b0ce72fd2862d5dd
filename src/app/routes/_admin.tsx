// spec: admin — the admin shell: menu, logout, front and back versions.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { isBusinessAdmin, isFarmer, isVgmMember } from '../../domain/roles'
import { loadUser } from '../features/session/resolve-access'
import { denialRedirect } from '../features/session/denial-redirect'
import { AdminShell } from '../ui/shell/admin-shell'

export const Route = createFileRoute('/_admin')({
  staticData: { title: 'Administration' },
  beforeLoad: async ({ context, location }) => {
    const loaded = await loadUser(context.queryClient, location.href)
    if ('to' in loaded) throw denialRedirect(loaded)
    const { roles, agitPourAdherents } = loaded.user
    if (isVgmMember(roles)) throw redirect({ to: '/error-logout', search: { cause: 'ADHERENT_VGM' } })
    // Who may search members is the server's decision (its STAFF_ROLES), told in the profile. A
    // farmer has nobody to act for: back to their own ordering area.
    if (!agitPourAdherents && !isBusinessAdmin(roles)) {
      if (isFarmer(roles)) throw redirect({ to: '/catalog/order_history' })
      throw redirect({ to: '/error-logout', search: { cause: 'ACCES_NON_AUTHORISE' } })
    }
    return { user: loaded.user }
  },
  component: AdminLayout,
})

function AdminLayout() {
  const { user } = Route.useRouteContext()
  return (
    <AdminShell
      owner={user.username}
      displayName={user.displayName}
      isBusinessAdmin={isBusinessAdmin(user.roles)}
      memberSearch={user.agitPourAdherents}
    >
      <Outlet />
    </AdminShell>
  )
}
