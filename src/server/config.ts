// Every setting the server reads, from the environment, in one place (ARCHITECTURE.md "config").
import { resolve } from 'node:path'

export interface Config {
  port: number
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET ?? '' }
      : null
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const databaseUrl = env.DATABASE_URL || null
  return {
    port: int(env.PORT, 8080),
    dataDir,
    databaseUrl,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    oidc,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Silo <no-reply@silo-cooperative.example>',
    mailPollMs: int(env.MAIL_POLL_MS, 5_000),
    analyticsUrl: env.ANALYTICS_URL || null,
    portalUrl: env.PORTAL_URL || 'https://www.silo-cooperative.example/portail',
    sessionIdleSeconds: int(env.SESSION_TTL, 7 * 24 * 3600),
    sessionMaxAgeSeconds: int(env.SESSION_MAX_AGE, 30 * 24 * 3600),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    isTest: env.NODE_ENV === 'test',
    publicUrl: env.PUBLIC_URL || null,
    trustedProxies: int(env.TRUSTED_PROXIES, 0),
    backupKey: env.BACKUP_KEY?.trim() || null,
    backupKeyFile: env.BACKUP_KEY_FILE ? resolve(env.BACKUP_KEY_FILE) : databaseUrl ? null : `${dataDir}.backup-key`,
  }
}
