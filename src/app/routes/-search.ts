// Search-param helpers shared by route files: what comes from the URL is untrusted text.
import type { RegleIdentifiant } from '../../contract/identifiants'
import { redirectTarget } from '../../contract/redirect-target'

/** An identifier from the query (digits and letters, e.g. a lot "OL123"); anything else is dropped. */
export function optionalId(value: unknown): string | undefined {
  const s =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : ''
  return /^[A-Za-z0-9_-]{1,30}$/.test(s) ? s : undefined
}

/** An order or lot number from the query, by the rule every route checks (src/contract/identifiants.ts). */
export function optionalIdentifiant(value: unknown, regle: RegleIdentifiant): string | undefined {
  const s =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : ''
  return regle.regex.test(s) ? s : undefined
}

export function optionalText(value: unknown, max = 200): string | undefined {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  return s && s.length <= max ? s : undefined
}

/** Only a path of this site is a valid place to come back to after signing in (no open redirect):
 * the server's rule (src/contract/redirect-target.ts); anything it refuses is dropped. */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const target = redirectTarget(value)
  return target === '/' && value !== '/' ? undefined : target
}
