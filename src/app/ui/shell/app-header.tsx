// The app bar of every ordering screen: who we order for, the cart, and the way out.
import { lazy, Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { Navbar } from 'konsta/react'
import { Icon } from '../icons'

const CartBadge = lazy(() => import('./cart-badge'))

interface Props {
  raisonSociale: string
  numTiers: string
  owner: string
  onLogout: () => void
  loggingOut: boolean
}

export function AppHeader({ raisonSociale, numTiers, owner, onLogout, loggingOut }: Props) {
  return (
    <header className="sticky top-0 z-40">
      <Navbar
        className="static"
        colors={{ bgMaterial: 'bg-silo-green', textMaterial: 'text-white' }}
        titleClassName="text-lg font-bold truncate"
        title={raisonSociale}
        subtitle={<span className="text-white/90 text-sm">N° tiers {numTiers}</span>}
        left={
          <Link to="/catalog/order_history" className="touch-target flex items-center justify-center" aria-label="Silo, accueil">
            <img src="/favicon.svg" alt="" width={36} height={36} className="rounded bg-white p-0.5" />
          </Link>
        }
        right={
          <div className="flex items-center gap-1">
            <Link
              to="/catalog/cart"
              className="touch-target relative flex items-center justify-center rounded-full text-white hover:bg-white/10"
            >
              <Icon name="cart" className="w-7 h-7" />
              <span className="sr-only">Mon panier</span>
              <Suspense fallback={null}>
                <CartBadge owner={owner} numTiers={numTiers} />
              </Suspense>
            </Link>
            <button
              type="button"
              onClick={onLogout}
              disabled={loggingOut}
              className="touch-target flex items-center gap-2 rounded-full px-3 text-white hover:bg-white/10 disabled:opacity-60"
            >
              <Icon name="logout" />
              <span className="hidden sm:inline">Déconnexion</span>
              <span className="sr-only sm:hidden">Déconnexion</span>
            </button>
          </div>
        }
      />
    </header>
  )
}
