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
    | '/admin/acces-adherent'
  label: string
  /** The bottom tab's label, when it differs: a soft hyphen where a word may break (issue 43). */
  tab?: string
  icon: IconName
}

const CATALOG_ITEMS: readonly NavItem[] = [
  { to: '/catalog/order_history', label: 'Historique', tab: 'Histo\u00adrique', icon: 'history' },
  { to: '/catalog/aliments', label: 'Aliments', icon: 'grain' },
  { to: '/catalog/lots', label: 'Lots & plans', icon: 'egg' },
  { to: '/catalog/contrats', label: 'Contrats', icon: 'contract' },
]

/** The catalog's entries for this customer: Lots & plans only for one who has lots (tiers'
 * hasLots; issue 43, item 11), the page itself stays reachable by its address. */
export const catalogItems = (hasLots: boolean): readonly NavItem[] =>
  hasLots ? CATALOG_ITEMS : CATALOG_ITEMS.filter((i) => i.to !== '/catalog/lots')

export const MORE_ITEMS: readonly NavItem[] = [
  { to: '/catalog/cart', label: 'Mon panier', icon: 'cart' },
  { to: '/commandes-en-cours', label: 'Commandes internet', icon: 'orders' },
]

const ARTICLES_ITEM: NavItem = { to: '/admin/edit-articles', label: 'Gestion articles', icon: 'edit' }
/** Staff acting for a member: the member's sign-in account and first sign-in link (issue 40). */
const ACCESS_ITEM: NavItem = { to: '/admin/acces-adherent', label: 'Accès de l’adhérent', icon: 'key' }
const ADMIN_ITEMS = [ARTICLES_ITEM, ACCESS_ITEM]

/** The staff pages this session's menu offers after the others, in their order. */
export const adminItems = (shown: { articles: boolean; access: boolean }): readonly NavItem[] =>
  ADMIN_ITEMS.filter((i) => (i === ARTICLES_ITEM ? shown.articles : shown.access))

/** Whether this path is one of the pages the phone's "Plus" sheet holds. */
export const inMoreMenu = (pathname: string) => [...MORE_ITEMS, ...ADMIN_ITEMS].some((i) => pathname.startsWith(i.to))

export const FOOTER_LINKS = [
  { to: '/infos/conditionsVente', label: 'CGU' },
  { to: '/infos/mention', label: 'Mentions légales' },
  { to: '/infos/politique', label: 'Politique de confidentialité' },
  { to: '/infos/contacts', label: 'Contacts' },
] as const
