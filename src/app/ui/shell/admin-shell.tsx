// The admin shell (cart-orders-admin §2, admin 3): its own menu, a logout button and the front
// and back versions.
import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { versionQueryOptions } from '../../../api/infos'
import { APP_VERSION } from '../../app-version'
import { Icon, type IconName } from '../icons'
import { Breadcrumb } from './breadcrumb'
import { useDeviceAdoption } from './device-adoption'
import { LogoutButton } from './logout-button'
import { signOut } from './sign-out'
import { SiteFooter } from './site-footer'

interface Item {
  to: '/admin/connect-as/selection-tiers' | '/admin/parametres' | '/admin/banniere-messages' | '/admin/invitations'
  label: string
  icon: IconName
}

const SEARCH: Item = { to: '/admin/connect-as/selection-tiers', label: 'Rechercher un adhérent', icon: 'search' }
const BUSINESS: Item[] = [
  { to: '/admin/parametres', label: 'Paramètres', icon: 'settings' },
  { to: '/admin/banniere-messages', label: 'Bannière de messages', icon: 'campaign' },
  { to: '/admin/invitations', label: 'Invitations', icon: 'mail' },
]

export function AdminShell({
  owner,
  displayName,
  isBusinessAdmin,
  memberSearch = true,
  children,
}: {
  /** The signed-in staff user: the device is theirs (device-adoption). */
  owner: string
  displayName: string
  isBusinessAdmin: boolean
  /** The server lets this user search members (GET /web/user/me, agitPourAdherents). */
  memberSearch?: boolean
  children: ReactNode
}) {
  useDeviceAdoption(owner)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const back = useQuery(versionQueryOptions())
  const backVersion = back.isError ? 'error' : (back.data?.version ?? 'inconnue')
  const [leaving, setLeaving] = useState(false)
  const items = [...(memberSearch ? [SEARCH] : []), ...(isBusinessAdmin ? BUSINESS : [])]

  const onLogout = async () => {
    setLeaving(true)
    await signOut(queryClient)
    await navigate({ to: '/login' })
  }

  return (
    <div className="flex flex-1 flex-col bg-white text-neutral-900">
      {/* A plain bar rather than Konsta's Navbar, whose fixed height and one-line title pushed the
          logout button off a phone with the text at 200 % (issue 28): this one wraps. */}
      <header className="sticky top-0 z-40 bg-silo-green text-white">
        <div className="flex flex-wrap items-center justify-between gap-x-3 px-4 py-1">
          <div className="min-w-0 py-1">
            <p className="text-lg font-bold">Administration</p>
            <p className="text-sm break-words text-white/90">{displayName}</p>
          </div>
          <LogoutButton onLogout={onLogout} disabled={leaving} iconOnlyOnPhones />
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label="Menu d'administration"
          className="border-b border-black/15 bg-neutral-50 md:w-64 md:shrink-0 md:border-b-0 md:border-r"
        >
          <ul className="flex flex-wrap md:flex-col md:py-2">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="touch-target flex items-center gap-3 px-4 py-3 text-base text-neutral-900 hover:bg-black/5 data-[status=active]:font-bold data-[status=active]:text-silo-green data-[status=active]:bg-silo-green/10"
                >
                  <Icon name={item.icon} />
                  <span>{item.label}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p
            className="px-4 py-3 text-sm text-neutral-700"
            title={`Version front ${APP_VERSION} – version back ${backVersion}`}
          >
            Version {APP_VERSION} · back {backVersion}
          </p>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col">
          <Breadcrumb />
          <main id="contenu" className="flex-1 px-4 py-4">
            {children}
          </main>
          <SiteFooter />
        </div>
      </div>
    </div>
  )
}
