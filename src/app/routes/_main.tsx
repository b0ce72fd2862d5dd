// spec: main — the ordering shell: side menu, app bar, breadcrumb, cart button, logout, footer.
import { lazy, Suspense, useState } from 'react'
import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { referentielQueryOptions } from '../../api/referentiel'
import { tiersQueryOptions } from '../../api/tiers'
import { canEditArticles, isFarmer } from '../../domain/roles'
import { resolveAccess } from '../features/session/resolve-access'
import { denialRedirect } from '../features/session/denial-redirect'
import { MainShell } from '../ui/shell/main-shell'
import { ContentieuxDialog } from '../features/session/contentieux-dialog'
import { LogoutConfirm } from '../ui/shell/logout-confirm'
import { OrderLineSlot } from '../ui/order-line-slot'

const LeaveGuard = lazy(() => import('../ui/shell/leave-guard'))
// The order-line form, opened from several features through ui/order-line-slot.
const OrderLineDialog = lazy(() => import('../features/order-line/order-line-dialog'))
import { signOut, stopActingFor } from '../ui/shell/sign-out'

export const Route = createFileRoute('/_main')({
  beforeLoad: async ({ context, location }) => {
    const access = await resolveAccess(context.queryClient, location.href)
    if (!access.granted) throw denialRedirect(access.denial)
    return { user: access.user, numTiers: access.numTiers, contentieux: access.contentieux }
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(referentielQueryOptions(context.numTiers)),
  component: MainLayout,
})

function MainLayout() {
  const { user, numTiers, contentieux } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const tiers = useQuery(tiersQueryOptions(numTiers)).data
  const referentiel = useQuery(referentielQueryOptions(numTiers)).data
  const [loggingOut, setLoggingOut] = useState(false)

  const [pendingCart, setPendingCart] = useState(0)

  const leave = async () => {
    setLoggingOut(true)
    if (!isFarmer(user.roles) && user.actingFor) {
      await stopActingFor(queryClient)
      await navigate({ to: '/admin/connect-as/selection-tiers' })
      return
    }
    await signOut(queryClient)
    await navigate({ to: '/login' })
  }

  // With lines in the cart, ask first (Dexie loads only now, not in the first screen).
  const onLogout = async () => {
    const { readCartLines } = await import('../../offline/cart')
    const lines = await readCartLines(user.username, numTiers).catch(() => [])
    if (lines.length > 0) setPendingCart(lines.length)
    else await leave()
  }

  if (contentieux) return <ContentieuxDialog onLogout={leave} />

  return (
    <OrderLineSlot.Provider value={OrderLineDialog}>
      <MainShell
        raisonSociale={tiers?.raisonSociale ?? ''}
        numTiers={numTiers}
        owner={user.username}
        messages={referentiel?.messagesBandeau ?? []}
        showArticles={canEditArticles(user.roles)}
        onLogout={onLogout}
        loggingOut={loggingOut}
      >
        <Outlet />
        <Suspense fallback={null}>
          <LeaveGuard owner={user.username} numTiers={numTiers} />
        </Suspense>
        {pendingCart > 0 && (
          <LogoutConfirm
            lines={pendingCart}
            onAnswer={(logout) => {
              setPendingCart(0)
              if (logout) void leave()
            }}
          />
        )}
      </MainShell>
    </OrderLineSlot.Provider>
  )
}
