// Every setting the server reads, from the environment, in one place (ARCHITECTURE.md "config").
import { resolve } from 'node:path'
import { CUSTOMER_ROLES, DEFAULT_STAFF_ROLES } from '../domain/roles'

export interface Config {
  port: number
  /** The address the server listens on (HOST, default 0.0.0.0); a loopback one allows links without PUBLIC_URL. */
  host: string
  dataDir: string
  databaseUrl: string | null
  seed: 'demo' | 'none'
  oidc: { issuer: string; clientId: string; clientSecret: string } | null
  /** Confirmation mails go through this SMTP server (SMTP_URL); null: they stay in mail_outbox. */
  smtpUrl: string | null
  /** Their sender (MAIL_FROM). */
  mailFrom: string
  /** How often each instance looks for mails to send, in ms (MAIL_POLL_MS, default 5 s). */
  mailPollMs: number
  /**
   * Mails all instances together hand to SMTP per minute at most (MAIL_RATE_PER_MINUTE, default
   * 60, as SMTP relays require); 0: no bound.
   */
  mailRatePerMinute: number
  /** The cooperative's own analytics collector (ANALYTICS_URL): each accepted order is POSTed there. */
  analyticsUrl: string | null
  portalUrl: string
  /** Idle time after which a session ends, in seconds (SESSION_TTL). */
  sessionIdleSeconds: number
  /** Absolute lifetime of a session, in seconds, whatever the activity (SESSION_MAX_AGE). */
  sessionMaxAgeSeconds: number
  /** Directory of the built app (vite build). */
  distDir: string
  isTest: boolean
  /**
   * The public origin (PUBLIC_URL), when behind a proxy: OIDC redirects, the origin check, and the
   * session cookie's Secure flag (set when it is https).
   */
  publicUrl: string | null
  /**
   * How many reverse proxies in front of Silo append to X-Forwarded-For (TRUSTED_PROXIES, default
   * 0): the client's address is read that many hops from the right; with 0 the header is ignored
   * and the address is the socket's.
   */
  trustedProxies: number
  /**
   * The staff roles that may search members and act for them (connect-as), from STAFF_ROLES
   * (comma-separated role names); default: the five Silo lists (src/domain/roles.ts
   * DEFAULT_STAFF_ROLES). A customer role there is refused: it would open every member's data.
   */
  staffRoles: readonly string[]
  /** Requests an integration API key may make per minute (INTEGRATION_RATE_LIMIT, default 600). */
  integrationRateLimit: number
  /** The order feed is also published to this AMQP broker (AMQP_URL); null: not published. */
  amqpUrl: string | null
  /** The exchange it is published to (AMQP_EXCHANGE, default silo.commandes: durable, topic). */
  amqpExchange: string
  /** How often each instance looks for orders to publish, in ms (AMQP_POLL_MS, default 2 s). */
  amqpPollMs: number
  /**
   * The key that signs backups and encrypts the server's secrets in them (BACKUP_KEY): 32 random
   * bytes or more, in hexadecimal or base64 (db/backup-key.ts). Never stored in the database.
   */
  backupKey: string | null
  /**
   * Where the backup key is kept when BACKUP_KEY is not set: BACKUP_KEY_FILE, else, for the
   * embedded database, `<DATA_DIR>.backup-key` beside DATA_DIR (created at the first backup,
   * mode 0600); null with DATABASE_URL and no BACKUP_KEY_FILE (a backup then refuses to run).
   */
  backupKeyFile: string | null
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback
}

/** STAFF_ROLES: role names separated by commas (spaces ignored); unset or empty, Silo's own five. */
function staffRoles(value: string | undefined): readonly string[] {
  const listed = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    ),
  ]
  const customer = listed.filter((r) => CUSTOMER_ROLES.includes(r))
  if (customer.length > 0)
    throw new Error(
      `STAFF_ROLES: ${customer.join(', ')} est un rôle d’adhérent, pas du personnel : il ouvrirait les données de tous les adhérents.`,
    )
  return listed.length > 0 ? listed : DEFAULT_STAFF_ROLES
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET ?? '' }
      : null
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const databaseUrl = env.DATABASE_URL || null
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    oidc,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Silo <no-reply@silo-cooperative.example>',
    mailPollMs: int(env.MAIL_POLL_MS, 5_000),
    mailRatePerMinute: env.MAIL_RATE_PER_MINUTE?.trim() === '0' ? 0 : int(env.MAIL_RATE_PER_MINUTE, 60),
    analyticsUrl: env.ANALYTICS_URL || null,
    portalUrl: env.PORTAL_URL || 'https://www.silo-cooperative.example/portail',
    sessionIdleSeconds: int(env.SESSION_TTL, 7 * 24 * 3600),
    sessionMaxAgeSeconds: int(env.SESSION_MAX_AGE, 30 * 24 * 3600),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    isTest: env.NODE_ENV === 'test',
    publicUrl: env.PUBLIC_URL || null,
    trustedProxies: int(env.TRUSTED_PROXIES, 0),
    staffRoles: staffRoles(env.STAFF_ROLES),
    integrationRateLimit: int(env.INTEGRATION_RATE_LIMIT, 600),
    amqpUrl: env.AMQP_URL || null,
    amqpExchange: env.AMQP_EXCHANGE || 'silo.commandes',
    amqpPollMs: int(env.AMQP_POLL_MS, 2_000),
    backupKey: env.BACKUP_KEY?.trim() || null,
    backupKeyFile: env.BACKUP_KEY_FILE ? resolve(env.BACKUP_KEY_FILE) : databaseUrl ? null : `${dataDir}.backup-key`,
  }
}
