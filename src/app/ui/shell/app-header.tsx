// The app bar of every ordering screen: who we order for, the cart, and the way out.
// Plain markup in Konsta's material navbar layout rather than its Navbar: Konsta's components
// bring tailwind-merge and their class helpers (about 15 KB gzip), too much for the first screen.
import { Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { useAfterFirstPaint } from '../after-first-paint'
import { Icon } from '../icons'
import { LogoutButton } from './logout-button'
import { optionalPart } from '../optional-part'
import { LOGO_SRC } from '../logo'

// The count (with Dexie) comes once the screen is shown: an overlay on the icon, nothing moves.
const CartBadge = optionalPart(() => import('./cart-badge'))

interface Props {
  raisonSociale: string
  numTiers: string
  owner: string
  onLogout: () => void
  loggingOut: boolean
  /** Staff acting for this member (connect-as): who acts. The header says so, and the way out
   * returns to the member search (issue 16, defect 5). */
  actingAs?: ActingAs | null
}

/** Who acts for the member: their role's word ("Conseiller", "Personnel") and their name. */
export interface ActingAs {
  role: string
  name: string
}

export function AppHeader({ raisonSociale, numTiers, owner, onLogout, loggingOut, actingAs }: Props) {
  const shown = useAfterFirstPaint()
  return (
    <header className="@container/app-bar sticky top-0 z-40 bg-silo-green pt-safe text-white">
      {/* At least 64px high; a long name or enlarged text wraps between its words and the bar
          grows, never cut (issue 28); narrow for its text, the logo goes (styles.css). */}
      <div className="flex min-h-16 w-full items-center pl-safe pr-safe">
        <div className="header-logo mx-1 flex items-center justify-center self-stretch">
          <Link
            to="/catalog/order_history"
            className="touch-target flex items-center justify-center"
            aria-label="Silo, accueil"
          >
            <img src={LOGO_SRC} alt="" width={36} height={36} className="rounded bg-white p-0.5" />
          </Link>
        </div>
        <div className="min-w-0 flex-1 px-2 py-1">
          {/* Narrow for its text (200 %, a 320px phone): sized by the screen's width, never over the
              text's size, so that the bar is not the whole first screen (246 of 640px, issue 51). */}
          <div className="text-lg leading-tight font-bold @max-[19rem]/app-bar:text-[length:min(1rem,6vw)]">
            {raisonSociale}
          </div>
          <div className="text-sm leading-tight text-white @max-[19rem]/app-bar:text-[length:min(0.875rem,5vw)]">
            N° tiers {numTiers}
            {actingAs && (
              <>
                {' · '}
                <span className="rounded bg-silo-gold px-1 font-semibold text-neutral-950">
                  {actingAs.role}
                  <span className="hidden sm:inline"> : {actingAs.name}</span>
                </span>
              </>
            )}
          </div>
        </div>
        <div className="flex items-center gap-1 self-stretch pr-1">
          <Link
            to="/catalog/cart"
            className="touch-target relative flex items-center justify-center rounded-full text-white hover:bg-white/10"
          >
            <Icon name="cart" className="h-[28px] w-[28px]" />
            <span className="sr-only">Mon panier</span>
            {shown && (
              <Suspense fallback={null}>
                <CartBadge owner={owner} numTiers={numTiers} />
              </Suspense>
            )}
          </Link>
          <LogoutButton
            onLogout={onLogout}
            disabled={loggingOut}
            iconOnlyOnPhones
            label={actingAs ? 'Changer de client' : 'Déconnexion'}
            icon={actingAs ? 'switchAccount' : 'logout'}
          />
        </div>
      </div>
    </header>
  )
}
