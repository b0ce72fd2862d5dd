// spec: main — the ordering shell: side menu, app bar, breadcrumb, cart button, logout, footer.
import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { WaitingItem } from '../../offline/outbox-flusher'
import {
  CatchBoundary,
  createFileRoute,
  Outlet,
  useNavigate,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { referentielQueryOptions } from '../../api/referentiel'
import { tiersQueryOptions } from '../../api/tiers'
import { canEditArticles, isFarmer, staffRoleLabel } from '../../domain/roles'
import { resolveAccess } from '../features/session/resolve-access'
import { denialRedirect } from '../features/session/denial-redirect'
import { MainShell } from '../ui/shell/main-shell'
import { adminItems } from '../ui/shell/nav-items'
import { OrderLineSlot } from '../ui/order-line-slot'
import { useAfterFirstPaint } from '../ui/after-first-paint'
import { signOut, stopActingFor } from '../ui/shell/sign-out'
import { checkConnection } from '../../api/connection'
import { chooseInRound, inRound, leaveRoundChoice, readRound } from '../../api/round'
import type { Tournee } from '../../contract/tournee'
import { RouteError } from '../ui/route-error'
import { optionalPart } from '../ui/optional-part'

// What the first paint does not show is loaded when it is (all precached for offline use); the
// leave guard (it reads the cart with Dexie) once the first screen is shown.
const LeaveGuard = optionalPart(() => import('../ui/shell/leave-guard'))
// The order-line form, opened from several features through ui/order-line-slot.
const OrderLineDialog = lazy(() => import('../features/order-line/order-line-dialog'))
const ContentieuxDialog = lazy(() =>
  import('../features/session/contentieux-dialog').then((m) => ({ default: m.ContentieuxDialog })),
)
const RoundSwitch = lazy(() => import('../ui/shell/round-switch').then((m) => ({ default: m.RoundSwitch })))
const OfflineSwitch = lazy(() => import('../ui/shell/offline-switch').then((m) => ({ default: m.OfflineSwitch })))
const LogoutConfirm = lazy(() => import('../ui/shell/logout-confirm').then((m) => ({ default: m.LogoutConfirm })))

export const Route = createFileRoute('/_main')({
  beforeLoad: async ({ context, location }) => {
    const access = await resolveAccess(context.queryClient, location.href)
    if (!access.granted) throw denialRedirect(access.denial)
    return { user: access.user, numTiers: access.numTiers, contentieux: access.contentieux }
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(referentielQueryOptions(context.numTiers)),
  component: MainLayout,
  // A screen that fails to load (its code never downloaded: no service worker and no network)
  // shows its error inside the shell, with the header, the menu and the screens already opened
  // (issue 43, item 9). Bundled with the layout, which is loaded: a chunk of its own could not
  // come either.
  errorComponent: MainError,
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
})

function MainLayout() {
  return (
    <MainFrame>
      <Outlet />
    </MainFrame>
  )
}

/** The error in the shell when the access was resolved (the shell needs the user), alone otherwise.
 * A shell that fails too (a part of it never downloaded) gives the error alone: never a loop. */
function MainError(props: ErrorComponentProps) {
  const context: { user?: unknown } = Route.useRouteContext()
  const alone = <RouteError {...props} />
  if (!context.user) return alone
  return (
    <CatchBoundary getResetKey={() => 0} errorComponent={() => alone}>
      <MainFrame>{alone}</MainFrame>
    </CatchBoundary>
  )
}

function MainFrame({ children }: { children: ReactNode }) {
  const { user, numTiers, contentieux } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const tiers = useQuery(tiersQueryOptions(numTiers)).data
  const referentiel = useQuery(referentielQueryOptions(numTiers)).data
  const [loggingOut, setLoggingOut] = useState(false)
  const shown = useAfterFirstPaint()

  const [pending, setPending] = useState<{ lines: number; waiting: WaitingItem[] } | null>(null)
  const [offlineSwitch, setOfflineSwitch] = useState(false)
  const [roundSwitch, setRoundSwitch] = useState<{ round: Tournee; online: boolean } | null>(null)
  const router = useRouter()
  // Staff act for the member chosen on the server, or on this device in their round (api/round).
  const actingForMember = !isFarmer(user.roles) && (Boolean(user.actingFor) || inRound(numTiers))

  const leave = async () => {
    setLoggingOut(true)
    if (!isFarmer(user.roles) && user.actingFor) {
      // Leave the member's screens first: still mounted, their queries would be fetched again
      // once the choice is ended and answer 403 "adhérent non choisi" in the error dialog.
      await stopActingFor(queryClient, () => navigate({ to: '/admin/connect-as/selection-tiers' }))
      return
    }
    await signOut(queryClient)
    await navigate({ to: '/login' })
  }

  // With lines in the cart or items not yet sent, ask first (Dexie loads only now).
  const onLogout = async () => {
    // An adviser on their round switches members on the device, network or not (issue 52).
    const round = actingForMember ? readRound() : null
    if (round) return setRoundSwitch({ round, online: await checkConnection() })
    // Staff cannot choose another member without the network: say so and stay (issue 25).
    if (actingForMember && !(await checkConnection())) return setOfflineSwitch(true)
    const [{ countCartRows }, { unsentItemsFor }] = await Promise.all([
      import('../../offline/cart'),
      import('../../offline/outbox-flusher'),
    ])
    const lines = await countCartRows(user.username, numTiers).catch(() => 0)
    const waiting = await unsentItemsFor(user.username).catch(() => [])
    if (lines > 0 || waiting.length > 0) setPending({ lines, waiting })
    else await leave()
  }

  if (contentieux)
    return (
      <Suspense fallback={null}>
        <ContentieuxDialog onLogout={leave} />
      </Suspense>
    )

  return (
    <OrderLineSlot.Provider value={OrderLineDialog}>
      <MainShell
        raisonSociale={tiers?.raisonSociale ?? ''}
        numTiers={numTiers}
        owner={user.username}
        messages={referentiel?.messagesBandeau ?? []}
        adminItems={adminItems({
          articles: canEditArticles(user.roles),
          access: !isFarmer(user.roles) && user.agitPourAdherents,
        })}
        hasLots={tiers?.hasLots ?? true}
        onLogout={onLogout}
        loggingOut={loggingOut}
        actingAs={
          actingForMember ? { role: staffRoleLabel(user.roles), name: user.displayName || user.username } : null
        }
      >
        {children}
        {shown && (
          <Suspense fallback={null}>
            <LeaveGuard owner={user.username} numTiers={numTiers} />
          </Suspense>
        )}
        {roundSwitch && (
          <Suspense fallback={null}>
            <RoundSwitch
              round={roundSwitch.round}
              current={numTiers}
              online={roundSwitch.online}
              onClose={() => setRoundSwitch(null)}
              onChoose={(chosen) => {
                setRoundSwitch(null)
                chooseInRound(chosen)
                // The route's context (its member) is resolved again from the device's choice.
                void router.invalidate().then(() => navigate({ to: '/catalog/order_history' }))
              }}
              onOther={() => {
                setRoundSwitch(null)
                // The round stays as it is, every member's cart with it: only the choice ends.
                leaveRoundChoice()
                void navigate({ to: '/admin/connect-as/selection-tiers' })
              }}
            />
          </Suspense>
        )}
        {offlineSwitch && (
          <Suspense fallback={null}>
            <OfflineSwitch
              member={tiers ? `${tiers.raisonSociale} (${numTiers})` : numTiers}
              onClose={() => setOfflineSwitch(false)}
            />
          </Suspense>
        )}
        {pending && (
          <Suspense fallback={null}>
            <LogoutConfirm
              lines={pending.lines}
              waiting={pending.waiting}
              changingMember={actingForMember}
              onAnswer={(logout) => {
                setPending(null)
                if (logout) void leave()
              }}
            />
          </Suspense>
        )}
      </MainShell>
    </OrderLineSlot.Provider>
  )
}
