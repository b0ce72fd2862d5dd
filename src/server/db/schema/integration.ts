// The cooperative's door (ARCHITECTURE.md, issue 41): the feed of accepted orders its ERP reads
// (and the AMQP publisher sends from), and the API keys that open the integration routes.
import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgSequence, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { commandes } from './orders'

/** The feed's positions: taken only by the trigger commande_flux_position, at commit (migration 0005). */
export const commandeFluxPositions = pgSequence('commande_flux_position_seq')

/**
 * One row per accepted order, written in the order's own transaction (services/order-feed.ts):
 * an order exists iff it is here. Its position is null until the transaction commits: a deferred
 * constraint trigger (migration 0005) takes it then, under one advisory lock held until the end
 * of the commit, so positions become visible in their order and a reader that has seen position p
 * has seen every position below p. Doubles as the AMQP outbox (services/amqp-publisher.ts).
 */
export const commandeFlux = pgTable(
  'commande_flux',
  {
    commandeId: integer()
      .primaryKey()
      .references(() => commandes.id, { onDelete: 'cascade' }),
    /** Null only inside the order's own transaction, before its commit. */
    position: bigint({ mode: 'number' }).unique(),
    /** The Idempotency-Key the order was sent with (null: none, or written before the feed existed). */
    cleIdempotence: text(),
    /** When the order's transaction wrote it, just before its commit: the feed's lag is measured from it. */
    ecritA: instant()
      .notNull()
      .default(sql`clock_timestamp()`),
    /** Confirmed by the AMQP broker (null: not yet, or AMQP_URL not set). */
    publieA: instant(),
    /** The publishing instance's claim (random per claim) and its lease, as the mail outbox's. */
    claimToken: text(),
    claimedUntil: instant(),
    tentatives: integer().notNull().default(0),
    erreur: text(),
  },
  (t) => [
    index('commande_flux_a_publier')
      .on(t.position)
      .where(sql`${t.publieA} is null`),
  ],
)

/**
 * Keys of the integration API (`npm run api-key`): only the SHA-256 of a key is kept (a key is 32
 * random bytes: no need for a slow hash), with the first characters to tell keys apart. The
 * rate limit's window is counted on the key's row, shared by every instance.
 */
export const apiKeys = pgTable('api_keys', {
  id: serial().primaryKey(),
  nom: text().notNull().unique(),
  empreinte: text().notNull().unique(),
  prefixe: text().notNull(),
  creeeA: instant().notNull().defaultNow(),
  derniereUtilisation: instant(),
  revoqueeA: instant(),
  /** 'lecture' reads the feed; 'ecriture' also posts steps and deliveries (default: both, as before). */
  portee: text().notNull().default('lecture-ecriture'),
  /** Past this the key opens nothing (401, « clé expirée »); null: no end. */
  expireA: instant(),
  /** Start of the current rate-limit window and the requests counted in it. */
  fenetreDebut: instant(),
  fenetreCompte: integer().notNull().default(0),
})
