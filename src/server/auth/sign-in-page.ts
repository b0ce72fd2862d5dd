// The server's own sign-in page (used when no OpenID Connect provider is configured).
// Plain HTML, no script: it works on the oldest supported phone and with a screen reader.
import { redirectTarget } from '../../contract/redirect-target'
import { errorBlock, escapeHtml as escape, plainPage } from './plain-page'
import { DEMANDE_LIEN_TEXTE, linkRequestHref } from './link-request-page'

export function signInPage(opts: {
  redirectFrom: string
  error?: string | null
  /** What to do about the error, said under it (the spec's words stay the alert's). */
  hint?: string | null
  username?: string
  /** The response's CSP nonce: the page's <style> needs it (no 'unsafe-inline' in style-src). */
  nonce?: string
}): string {
  return plainPage({
    title: 'Silo > Connexion',
    nonce: opts.nonce,
    content: `${errorBlock(opts.error, opts.hint, 'login')}
  <form method="post" action="/security/login" ${opts.error ? `aria-describedby="login-error${opts.hint ? ' login-hint' : ''}"` : ''}>
    <input type="hidden" name="redirectFrom" value="${escape(opts.redirectFrom)}">
    <label for="username">Identifiant (numéro de tiers)</label>
    <input id="username" name="username" autocomplete="username" inputmode="text" required value="${escape(opts.username ?? '')}" autofocus>
    <label for="password">Mot de passe</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Se connecter</button>
    <p class="hint">Votre identifiant vous a été remis par votre coopérative.</p>
  </form>
  <p class="more"><a href="${escape(linkRequestHref(opts.username))}">${DEMANDE_LIEN_TEXTE}</a></p>`,
  })
}

/** Where a sign-in sends the browser afterwards: the one rule of src/contract/redirect-target.ts. */
export const safeRedirect = (target: unknown): string => redirectTarget(target)
