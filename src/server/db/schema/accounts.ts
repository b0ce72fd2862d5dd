// Users, sessions and what the server must share between its instances: sign-in throttling,
// idempotency keys, the audit log and the mail outbox. The server keeps no state in memory,
// so several instances can run on one PostgreSQL.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'

export const users = pgTable('users', {
  /** A farmer's username is their numTiers (ordering-area §6); staff have names. */
  username: text().primaryKey(),
  passwordHash: text(),
  displayName: text().notNull(),
  email: text(),
  /** Roles as the spec holds them: a list on the user (cart-orders-admin §6). */
  roles: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: instant().notNull().defaultNow(),
  /** Set by `npm run personnel -- desactiver`: the account signs in no more and its sessions end. */
  desactiveA: instant(),
  /** The last sign-in through the cooperative's OpenID Connect provider (the invitations' states). */
  connexionOidcA: instant(),
})

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, never the token itself: a leaked table opens no session. */
    id: text().primaryKey(),
    username: text()
      .notNull()
      .references(() => users.username, { onDelete: 'cascade' }),
    /** The member a staff user is connected as (connect-as); null for a farmer's own session. */
    actingForNumTiers: text(),
    createdAt: instant().notNull(),
    /** Sign-in time: the pivot rule adds its extra delay for sessions started before the pivot. */
    loginAt: instant().notNull(),
    lastSeenAt: instant().notNull(),
    /** Absolute end, whatever the activity. */
    expiresAt: instant().notNull(),
    revokedAt: instant(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.username), index().on(t.expiresAt)],
)

/**
 * Browsers that signed in successfully as an account (OWASP "device cookies"): the cookie carries
 * a random token, only its SHA-256 is stored. A sign-in try with it is counted on the device's own
 * counters, so tries from other addresses cannot lock the owner out (auth/known-device.ts).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: text().primaryKey(),
    username: text()
      .notNull()
      .references(() => users.username, { onDelete: 'cascade' }),
    createdAt: instant().notNull(),
    lastSignInAt: instant().notNull(),
    expiresAt: instant().notNull(),
  },
  (t) => [index().on(t.username, t.lastSignInAt)],
)

/** Sign-in tries per key ('user:100001', 'ip:1.2.3.4', 'device:…'), shared by every server instance. */
export const loginAttempts = pgTable('login_attempts', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: instant().notNull(),
  blockedUntil: instant(),
})

/** POST replays: the same (user, key) returns the first response; another body is refused. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    username: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    state: text().notNull().default('in_flight'),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.key] }),
    check('idempotency_keys_state', sql`${t.state} in ('in_flight', 'done')`),
    index().on(t.createdAt),
  ],
)

/** What staff did on a member's behalf (connect-as, article toggles, parameters, banner). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    /** The member acted for, if any. */
    numTiers: text(),
    action: text().notNull(),
    details: jsonb(),
    at: instant().notNull().defaultNow(),
  },
  (t) => [index().on(t.numTiers, t.at), index().on(t.username, t.at)],
)

/**
 * Mails are written here in the order's transaction and sent afterwards, so none is lost
 * (services/mailer.ts). A sender claims one row at a time (FOR UPDATE SKIP LOCKED): its token and
 * a lease that no other instance may take while it runs; a failure sets when to try again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
    sentAt: instant(),
    /** The last failure's message, kept after a later success. */
    error: text(),
    /** Claims so far, each one an attempt (a sender that died after claiming counts too). */
    attempts: integer().notNull().default(0),
    /** The claim of the sender working on it: random per claim, checked when it records the result. */
    claimToken: text(),
    /** The claim's lease: past it, another sender may take the mail. */
    claimedUntil: instant(),
    /** Not before this (backoff after a failure); null: at once. */
    retryAt: instant(),
    /**
     * A secret the mail carries (a sign-in link's token), encrypted under the server's key, put in
     * the body's place-holder only when the mail is handed to SMTP, and erased once it is accepted:
     * neither the table nor a backup ever holds a usable link (services/mail-secret.ts).
     */
    secret: text(),
    /** Lower goes first: an order's confirmation (0) never waits behind 20,000 invitations (1). */
    priorite: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.sentAt),
    index('mail_outbox_pending')
      .on(t.priorite, t.id)
      .where(sql`${t.sentAt} is null`),
    /** The mails being sent, counted by each claim under MAIL_RATE_PER_MINUTE. */
    index('mail_outbox_claimed')
      .on(t.claimedUntil)
      .where(sql`${t.claimToken} is not null`),
  ],
)

/**
 * First sign-in links (issue 40): staff send one to a member who has no password (an imported
 * account) or who lost theirs. The mail carries a random token; only its SHA-256 is stored, so a
 * leaked table opens no account. A link serves once, for 48 h; a newer one replaces it.
 */
export const liensConnexion = pgTable(
  'liens_connexion',
  {
    /** SHA-256 (hex) of the token in the mail. */
    empreinte: text().primaryKey(),
    username: text()
      .notNull()
      .references(() => users.username, { onDelete: 'cascade' }),
    /** Who asked for it: the staff member, the member themself (self-service), or the operator (CLI). */
    envoyePar: text().notNull(),
    /** How it was asked for: 'personnel', 'adherent' (the sign-in page), 'operateur' (CLI), 'invitation'. */
    origine: text().notNull().default('personnel'),
    email: text().notNull(),
    creeA: instant().notNull(),
    expireA: instant().notNull(),
    /** Set when the member chose a password with it; a used link never opens again. */
    utiliseA: instant(),
    /** Set when a newer link was sent: only the last one sent is good. */
    remplaceA: instant(),
    /** Its mail in mail_outbox: the token is wiped from the mail's text once the link is used or replaced. */
    mailId: integer(),
  },
  (t) => [index().on(t.username, t.creeA)],
)
