// Phones: the entries that do not fit in the bottom tabs (the cart, Commandes internet, article
// management for its role) in a sheet opened by the fifth tab, within thumb reach.
import { Link } from '@tanstack/react-router'
import { Icon } from '../icons'
import { Modal } from '../modal'
import { openDevicePanel } from './device-panel-host'
import { MORE_ITEMS, type NavItem } from './nav-items'

export function MoreMenu({
  open,
  onClose,
  adminItems,
}: {
  open: boolean
  onClose: () => void
  adminItems: readonly NavItem[]
}) {
  const items: NavItem[] = [...MORE_ITEMS, ...adminItems]
  return (
    <Modal open={open} title="Menu" onClose={onClose}>
      <nav aria-label="Autres pages">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onClose}
                className="touch-target flex items-center gap-3 rounded-lg px-3 py-3 text-lg text-neutral-900 no-underline active:bg-black/5"
              >
                <Icon name={item.icon} />
                <span>{item.label}</span>
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => (onClose(), openDevicePanel())}
              className="touch-target flex w-full items-center gap-3 rounded-lg px-3 py-3 text-lg text-neutral-900 active:bg-black/5"
            >
              <Icon name="settings" />
              <span>Cet appareil</span>
            </button>
          </li>
        </ul>
      </nav>
      <button
        type="button"
        onClick={onClose}
        className="touch-target mt-3 w-full rounded-full border-2 border-silo-green font-semibold text-silo-green"
      >
        Fermer
      </button>
    </Modal>
  )
}
