// Phones (<768px): the catalog entries as a bottom tab bar, within thumb reach. Labels may wrap
// between words ("Lots & plans") but never touch each other nor the screen's edge (issue 16,
// defect 4): a gap between tabs, a smaller size under 360px, "Histo-rique" hyphenated where five
// tabs share 320px. With the text at 200 % the labels stay, sized by the bar's width within
// 12px and the text's size (styles.css, issue 51; issue 43 had left bare icons); icons and bar in
// px, and so are its gaps and paddings (at 200 % in rem they pushed "Plus" past a 320px screen),
// so that the bar stays about 80px high then. Shown under 48rem of the root's size: a phone,
// or a tablet at 200 % (md is read in the root's rem, styles.css). Plain markup in Konsta's material tab bar layout
// (its Tabbar would bring Konsta into the first screen).
import { useState } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { Icon } from '../icons'
import { catalogItems, inMoreMenu, type NavItem } from './nav-items'
import { MoreMenu } from './more-menu'
import { ContractsBadge } from './contracts-badge'

const ICON = 'h-[24px] w-[24px]'

interface Props {
  numTiers: string
  adminItems: readonly NavItem[]
  hasLots: boolean
}

export function BottomTabs({ numTiers, adminItems, hasLots }: Props) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [more, setMore] = useState(false)
  const inMore = inMoreMenu(pathname)
  return (
    <>
      <nav
        aria-label="Catalogue"
        data-tabbar
        className="@container/tabbar md:hidden fixed bottom-0 inset-x-0 z-30 border-t border-black/20 bg-white"
      >
        <div className="flex min-h-[80px] items-stretch gap-[4px] pb-safe pl-[max(4px,env(safe-area-inset-left))] pr-[max(4px,env(safe-area-inset-right))]">
          {catalogItems(hasLots).map((item) => {
            const active = pathname.startsWith(item.to)
            return (
              <Link
                key={item.to}
                to={item.to}
                // The label with its soft hyphen is shown; the name read out is the word.
                aria-label={item.tab ? item.label : undefined}
                className={`touch-target flex min-w-0 flex-1 flex-col items-center justify-center gap-[4px] px-[2px] py-[4px] text-center text-[0.8125rem] leading-tight tracking-tight max-[359px]:text-xs max-[359px]:tracking-tighter ${active ? 'font-bold text-silo-green' : 'font-medium text-neutral-800'}`}
              >
                <span
                  className={`relative inline-flex h-[32px] w-full max-w-[56px] shrink-0 items-center justify-center rounded-full ${active ? 'bg-silo-green/15' : ''}`}
                >
                  <Icon name={item.icon} className={ICON} />
                  {item.to === '/catalog/contrats' && (
                    <ContractsBadge numTiers={numTiers} overIcon className="absolute right-0 -top-[8px]" />
                  )}
                </span>
                <span>{item.tab ?? item.label}</span>
              </Link>
            )
          })}
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={more}
            onClick={() => setMore(true)}
            className={`touch-target flex min-w-0 flex-[0.7] flex-col items-center justify-center gap-[4px] px-[2px] py-[4px] text-center text-[0.8125rem] leading-tight tracking-tight max-[359px]:text-xs ${inMore ? 'font-bold text-silo-green' : 'font-medium text-neutral-800'}`}
          >
            <span
              className={`inline-flex h-[32px] w-full max-w-[56px] shrink-0 items-center justify-center rounded-full ${inMore ? 'bg-silo-green/15' : ''}`}
            >
              <Icon name="menu" className={ICON} />
            </span>
            <span>Plus</span>
          </button>
        </div>
      </nav>
      <MoreMenu open={more} onClose={() => setMore(false)} adminItems={adminItems} />
    </>
  )
}
