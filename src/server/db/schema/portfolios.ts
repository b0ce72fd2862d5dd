// The advisers' portfolios (cart-orders-admin §6, COM_ALI_ECRITURE_PORTEFEUILLE): which members a
// staff account bound to a portfolio may act for (src/domain/roles.ts#boundToPortfolio). Written by
// the import (portefeuilles.csv); read at each request of a portfolio-bound adviser, by its key.
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { tiers } from './customers'

export const portefeuilles = pgTable(
  'portefeuilles',
  {
    /** The staff account (users.username). */
    username: text()
      .notNull()
      .references(() => users.username, { onDelete: 'cascade' }),
    /** A member of the portfolio: the row leaves with the member. */
    numTiers: text()
      .notNull()
      .references(() => tiers.numTiers, { onDelete: 'cascade' }),
  },
  // The key serves the adviser's reads (username first); the index, a member's removal.
  (t) => [primaryKey({ columns: [t.username, t.numTiers] }), index().on(t.numTiers)],
)
