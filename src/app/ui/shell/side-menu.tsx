// Tablets and desktops (48rem of the root's size and more: 768px, not a tablet at 200 %): the whole
// menu down the left side.
import { Link } from '@tanstack/react-router'
import { Icon } from '../icons'
import { ContractsBadge } from './contracts-badge'
import { openDevicePanel } from './device-panel-host'
import { catalogItems, MORE_ITEMS, type NavItem } from './nav-items'

interface Props {
  adminItems: readonly NavItem[]
  numTiers: string
  hasLots: boolean
}

export function SideMenu({ adminItems, numTiers, hasLots }: Props) {
  const items: NavItem[] = [...catalogItems(hasLots), ...MORE_ITEMS, ...adminItems]
  return (
    <nav
      aria-label="Menu principal"
      data-sidemenu
      className="hidden md:block w-60 shrink-0 border-r border-black/15 bg-neutral-50"
    >
      <ul className="sticky top-16 py-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="touch-target flex items-center gap-3 px-4 py-3 text-base text-neutral-900 no-underline hover:bg-black/5 data-[status=active]:bg-silo-green/10 data-[status=active]:font-bold data-[status=active]:text-silo-green data-[status=active]:border-l-4 data-[status=active]:border-silo-green"
            >
              <Icon name={item.icon} />
              <span>{item.label}</span>
              {item.to === '/catalog/contrats' && <ContractsBadge numTiers={numTiers} className="ml-auto" />}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={openDevicePanel}
            className="touch-target flex w-full items-center gap-3 px-4 py-3 text-base text-neutral-900 hover:bg-black/5"
          >
            <Icon name="settings" />
            <span>Cet appareil</span>
          </button>
        </li>
      </ul>
    </nav>
  )
}
