// Phones (<768px): the four catalog entries as a bottom tab bar, within thumb reach.
import { useState } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { Tabbar, TabbarLink } from 'konsta/react'
import { Icon } from '../icons'
import { CATALOG_ITEMS, MORE_ITEMS, ARTICLES_ITEM } from './nav-items'
import { MoreMenu } from './more-menu'
import { ContractsBadge } from './contracts-badge'

export function BottomTabs({ numTiers, showArticles }: { numTiers: string; showArticles: boolean }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [more, setMore] = useState(false)
  const inMore = [...MORE_ITEMS, ARTICLES_ITEM].some((i) => pathname.startsWith(i.to))
  return (
    <>
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
          {/* A real button (Konsta's TabbarLink forces role="link"): it opens a sheet, it goes nowhere. */}
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={more}
            onClick={() => setMore(true)}
            className={`touch-target flex w-full flex-col items-center justify-center gap-1 py-1 text-sm ${inMore ? 'font-bold text-silo-green' : 'text-neutral-800'}`}
          >
            <span className={`inline-flex rounded-full px-4 py-1 ${inMore ? 'bg-silo-green/15' : ''}`}>
              <Icon name="menu" />
            </span>
            <span>Plus</span>
          </button>
        </Tabbar>
      </nav>
      <MoreMenu open={more} onClose={() => setMore(false)} showArticles={showArticles} />
    </>
  )
}
