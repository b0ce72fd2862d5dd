import type { Clock } from '../clock'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { Logger } from '../logger'

/** The signed-in user as the handlers see it. */
export interface SessionUser {
  username: string
  displayName: string
  roles: string[]
  email: string | null
  /** numTiers of the member a staff user acts for (connect-as). */
  actingFor: string | null
  loginAt: Date
  sessionId: string
}

export interface AppDeps {
  db: Db
  config: Config
  clock: Clock
  logger: Logger
  /** This instance's mail sender, kicked after an accepted order (absent in most tests). */
  mail?: { kick(): void }
  /** This instance's AMQP publisher of the order feed, kicked after an accepted order (AMQP_URL set). */
  orderPublisher?: { kick(): void }
}

/** What @hono/node-server passes as the env; absent in app.request() unless a test gives it. */
interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } }
}

export type AppEnv = {
  Bindings: NodeBindings
  Variables: {
    deps: AppDeps
    user: SessionUser | null
    requestId: string
    /** The integration API key that opened this request (routes/integration/integration-access.ts). */
    apiKey?: { id: number; nom: string }
    /** This response's Content-Security-Policy nonce (hono's secureHeaders, NONCE). */
    secureHeadersNonce?: string
    /** The SHA-256 sources of a served page's inline script and style, which this response's
     * policy allows (served-page.ts). */
    pageSources?: { scripts: string[]; styles: string[] }
  }
}
