// Where a sign-in link points (issue 48). A link carries a credential: it is built from PUBLIC_URL
// only, never from a request (a staff request sent with `Host: evil.example` made a member's
// genuine mail point there). Without PUBLIC_URL, links are disabled, except for a Silo that
// listens on a loopback address only (a local trial): nobody but this machine can reach it, so
// http://localhost:PORT is where the link must go anyway.
import type { Config } from '../config'

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

/** The origin links are built from, or null when links are disabled. */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string | null {
  if (config.publicUrl) return new URL(config.publicUrl).origin
  return LOOPBACK.has(config.host) ? `http://localhost:${config.port}` : null
}

/** Said at start and when a link is refused for want of PUBLIC_URL. */
export const LIENS_DESACTIVES =
  'Les liens de connexion sont désactivés : définissez PUBLIC_URL (l’adresse publique de Silo, par exemple https://silo.cooperative.fr) pour envoyer des liens de première connexion.'
