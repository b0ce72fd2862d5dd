// The ordering area's menu (ordering-area §2): the first four entries are also the phone's
// bottom tabs; the side menu adds the cart, orders and, for its role only, article management.
import type { IconName } from '../icons'

export interface NavItem {
  to:
    | '/catalog/order_history'
    | '/catalog/aliments'
    | '/catalog/lots'
    | '/catalog/contrats'
    | '/catalog/cart'
    | '/commandes-en-cours'
    | '/admin/edit-articles'
  label: string
  icon: IconName
}

export const CATALOG_ITEMS: readonly NavItem[] = [
  { to: '/catalog/order_history', label: 'Historique', icon: 'history' },
  { to: '/catalog/aliments', label: 'Aliments', icon: 'grain' },
  { to: '/catalog/lots', label: 'Lots & plans', icon: 'egg' },
  { to: '/catalog/contrats', label: 'Contrats', icon: 'contract' },
]

export const MORE_ITEMS: readonly NavItem[] = [
  { to: '/catalog/cart', label: 'Mon panier', icon: 'cart' },
  { to: '/commandes-en-cours', label: 'Commandes internet', icon: 'orders' },
]

export const ARTICLES_ITEM: NavItem = { to: '/admin/edit-articles', label: 'Gestion articles', icon: 'edit' }

export const FOOTER_LINKS = [
  { to: '/infos/conditionsVente', label: 'CGU' },
  { to: '/infos/mention', label: 'Mentions légales' },
  { to: '/infos/politique', label: 'Politique de confidentialité' },
  { to: '/infos/contacts', label: 'Contacts' },
] as const
