// Sign-in through the cooperative's OpenID Connect provider when OIDC_* is set (openid-client,
// authorization code + PKCE). The provider proves who the user is; roles stay in our database.
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as client from 'openid-client'
import type { Config } from '../config'
import { publicProtocol } from '../http/client-address'
import type { AppEnv } from '../http/env'

const TX_COOKIE = 'silo_oidc'
let discovered: Promise<client.Configuration> | null = null

/** Plain HTTP only for a provider on this very machine (tests, a local provider). */
const isLoopback = (url: URL) => url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)

function configuration(oidc: NonNullable<Config['oidc']>) {
  const issuer = new URL(oidc.issuer)
  const options = isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined
  discovered ??= client
    .discovery(issuer, oidc.clientId, oidc.clientSecret || undefined, undefined, options)
    .catch((e) => {
      discovered = null // try the discovery again at the next sign-in
      throw e
    })
  return discovered
}

const callbackUrl = (c: Context, config: Config) => `${config.publicUrl ?? new URL(c.req.url).origin}/security/callback`

export async function startOidcLogin(c: Context<AppEnv>, config: Config, redirectFrom: string) {
  const oidc = config.oidc!
  const conf = await configuration(oidc)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  setCookie(c, TX_COOKIE, JSON.stringify({ verifier, state, redirectFrom }), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/security/',
    maxAge: 600,
    secure: publicProtocol(c) === 'https',
  })
  const url = client.buildAuthorizationUrl(conf, {
    redirect_uri: callbackUrl(c, config),
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  })
  return c.redirect(url.href, 302)
}

/** Returns the username the provider vouches for and where to go next, or null if refused. */
export async function finishOidcLogin(
  c: Context,
  config: Config,
): Promise<{ username: string; redirectFrom: string } | null> {
  const raw = getCookie(c, TX_COOKIE)
  deleteCookie(c, TX_COOKIE, { path: '/security/' })
  if (!raw) return null
  const tx = JSON.parse(raw) as { verifier: string; state: string; redirectFrom: string }
  const conf = await configuration(config.oidc!)
  const current = new URL(c.req.url)
  const publicCallback = new URL(callbackUrl(c, config))
  publicCallback.search = current.search
  const tokens = await client.authorizationCodeGrant(conf, publicCallback, {
    pkceCodeVerifier: tx.verifier,
    expectedState: tx.state,
  })
  const claims = tokens.claims()
  const username = (claims?.preferred_username as string | undefined) ?? claims?.sub
  return username ? { username, redirectFrom: tx.redirectFrom } : null
}
