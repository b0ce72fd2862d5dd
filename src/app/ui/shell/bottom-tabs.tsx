// Phones (<768px): the four catalog entries as a bottom tab bar, within thumb reach.
import { Link, useRouterState } from '@tanstack/react-router'
import { Tabbar, TabbarLink } from 'konsta/react'
import { Icon } from '../icons'
import { CATALOG_ITEMS } from './nav-items'
import { ContractsBadge } from './contracts-badge'

export function BottomTabs({ numTiers }: { numTiers: string }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <nav aria-label="Catalogue" className="md:hidden fixed bottom-0 inset-x-0 z-30 border-t border-black/20 bg-white">
      <Tabbar labels icons className="static" colors={{ bgMaterial: 'bg-white' }}>
        {CATALOG_ITEMS.map((item) => (
          <TabbarLink
            key={item.to}
            component={Link}
            linkProps={{ to: item.to }}
            active={pathname.startsWith(item.to)}
            icon={
              <span className="relative inline-flex">
                <Icon name={item.icon} />
                {item.to === '/catalog/contrats' && <ContractsBadge numTiers={numTiers} className="absolute -right-4 -top-2" />}
              </span>
            }
            label={item.label}
            colors={{ textMaterial: 'text-neutral-800', textActiveMaterial: 'text-silo-green font-bold', iconBgActiveMaterial: 'bg-silo-green/15' }}
            className="touch-target [&_span]:text-sm [&_span]:whitespace-nowrap"
          />
        ))}
      </Tabbar>
    </nav>
  )
}
