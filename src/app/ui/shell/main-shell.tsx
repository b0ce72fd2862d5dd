// The ordering area's frame (ordering-area §1-2): app bar, banner, menu (side on tablets, bottom
// tabs on phones), breadcrumb on desktop, the page, and the footer links.
import { Suspense, type ReactNode } from 'react'
import type { MessageBandeau } from '../../../contract/referentiel'
import { useAfterFirstPaint } from '../after-first-paint'
import { AppHeader, type ActingAs } from './app-header'
import { BottomTabs } from './bottom-tabs'
import { DevicePanelHost } from './device-panel-host'
import { Breadcrumb } from './breadcrumb'
import { HolidayBanner } from './holiday-banner'
import { MessageBanner } from './message-banner'
import { SideMenu } from './side-menu'
import type { NavItem } from './nav-items'
import { SiteFooter } from './site-footer'
import { UpdatePrompt } from './update-prompt'
import { optionalPart } from '../optional-part'

// The outbox watch (Dexie) loads once the first screen is shown; the sender and its status line
// only when the outbox holds something of this user's: a new order or survey, a refused order,
// items left from before.
const OutboxWatch = optionalPart(() => import('./outbox-watch'))

interface Props {
  raisonSociale: string
  numTiers: string
  owner: string
  messages: readonly MessageBandeau[]
  /** The staff pages this session may open (article management, the member's access). */
  adminItems: readonly NavItem[]
  /** The customer has lots: the menu offers Lots & plans. */
  hasLots: boolean
  onLogout: () => void
  loggingOut: boolean
  /** Staff acting for this member: who acts (see AppHeader). */
  actingAs?: ActingAs | null
  children: ReactNode
}

export function MainShell({
  raisonSociale,
  numTiers,
  owner,
  messages,
  adminItems,
  hasLots,
  onLogout,
  loggingOut,
  actingAs,
  children,
}: Props) {
  const shown = useAfterFirstPaint()
  return (
    <div className="flex flex-1 flex-col bg-white text-neutral-900">
      <a href="#contenu" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-3">
        Aller au contenu
      </a>
      <AppHeader
        raisonSociale={raisonSociale}
        numTiers={numTiers}
        owner={owner}
        onLogout={onLogout}
        loggingOut={loggingOut}
        actingAs={actingAs}
      />
      <MessageBanner messages={messages} />
      <HolidayBanner numTiers={numTiers} />
      {shown && (
        <Suspense fallback={null}>
          <OutboxWatch owner={owner} numTiers={numTiers} />
        </Suspense>
      )}
      <div className="flex flex-1">
        <SideMenu adminItems={adminItems} numTiers={numTiers} hasLots={hasLots} />
        <div className="flex min-w-0 flex-1 flex-col">
          <Breadcrumb />
          <main id="contenu" tabIndex={-1} className="flex-1 px-4 py-4 outline-none">
            {children}
          </main>
          {/* The tab bar's room below comes after the notices (styles.css, .notice-tray). */}
          <SiteFooter />
        </div>
      </div>
      <BottomTabs numTiers={numTiers} adminItems={adminItems} hasLots={hasLots} />
      <UpdatePrompt />
      <DevicePanelHost owner={owner} numTiers={numTiers} />
    </div>
  )
}
