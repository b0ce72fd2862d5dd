// The server's own sign-in page (used when no OpenID Connect provider is configured).
// Plain HTML, no script: it works on the oldest supported phone and with a screen reader.
import { redirectTarget } from '../../contract/redirect-target'

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

export function signInPage(opts: {
  redirectFrom: string
  error?: string | null
  /** What to do about the error, said under it (the spec's words stay the alert's). */
  hint?: string | null
  username?: string
  /** The response's CSP nonce: the page's <style> needs it (no 'unsafe-inline' in style-src). */
  nonce?: string
}): string {
  const error = opts.error
    ? `<p class="error" role="alert" id="login-error">${escape(opts.error)}</p>${opts.hint ? `<p class="hint" id="login-hint">${escape(opts.hint)}</p>` : ''}`
    : ''
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#1b5e20">
<title>Silo > Connexion</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style${opts.nonce ? ` nonce="${escape(opts.nonce)}"` : ''}>
  :root { color-scheme: light; --green: #1b5e20; --gold: #c9a227; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 1.125rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #f4f6f2; }
  main { max-width: 28rem; margin: 0 auto; padding: 2rem 1.25rem; }
  .brand { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; margin-bottom: 1.5rem; }
  .brand img { width: 56px; height: 56px; }
  h1 { font-size: 1.6rem; margin: 0; color: var(--green); overflow-wrap: anywhere; min-width: 0; }
  form { background: #fff; border-radius: 16px; padding: 1.5rem; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  label { display: block; font-weight: 600; margin: 1rem 0 .35rem; }
  input { width: 100%; min-height: 52px; font-size: 1.1rem; padding: .6rem .8rem; border: 2px solid #555; border-radius: 10px; }
  input:focus { outline: 3px solid var(--gold); outline-offset: 2px; border-color: var(--green); }
  button { margin-top: 1.5rem; width: 100%; min-height: 56px; font-size: 1.15rem; font-weight: 700; color: #fff; background: var(--green); border: 0; border-radius: 12px; cursor: pointer; }
  button:focus-visible { outline: 3px solid var(--gold); outline-offset: 3px; }
  .error { background: #fdecea; color: #8a1c12; border: 2px solid #c62828; border-radius: 10px; padding: .75rem 1rem; font-weight: 600; }
  .hint { margin: .5rem 0 0; color: #1a1a1a; }
  .hint { color: #333; font-size: .95rem; margin-top: 1rem; }
  /* Links a gloved finger can hit: 48px high, wrapping on a narrow screen or with large text. */
  footer { margin-top: 2rem; font-size: .95rem; display: flex; flex-wrap: wrap; gap: 0 1rem; }
  footer a { color: var(--green); display: inline-flex; align-items: center; min-height: 48px; min-width: 48px; }
</style>
</head>
<body>
<main>
  <div class="brand"><img src="/icons/icon-192.png" alt="" width="56" height="56"><h1>Silo — Commande d'aliments</h1></div>
  ${error}
  <form method="post" action="/security/login" ${opts.error ? `aria-describedby="login-error${opts.hint ? ' login-hint' : ''}"` : ''}>
    <input type="hidden" name="redirectFrom" value="${escape(opts.redirectFrom)}">
    <label for="username">Identifiant (numéro de tiers)</label>
    <input id="username" name="username" autocomplete="username" inputmode="text" required value="${escape(opts.username ?? '')}" autofocus>
    <label for="password">Mot de passe</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Se connecter</button>
    <p class="hint">Votre identifiant vous a été remis par votre coopérative.</p>
  </form>
  <footer><a href="/infos/mention">Mentions légales</a><a href="/infos/conditionsVente">CGU</a><a href="/infos/contacts">Contacts</a></footer>
</main>
</body>
</html>`
}

/** Where a sign-in sends the browser afterwards: the one rule of src/contract/redirect-target.ts. */
export const safeRedirect = (target: unknown): string => redirectTarget(target)

/** The page a signed-in person may read: the history, first (issue 43, item 11). */
const HISTORY = '/catalog/order_history'

/**
 * Where a person already signed in goes who opens a sign-in page (Back after signing in, /login
 * typed again): where the sign-in would have sent them, the Historique by default, instead of a
 * plain sign-in page asking them to sign in again (issue 43, item 11).
 */
export const signedInTarget = (redirectFrom: unknown): string => {
  const target = redirectTarget(redirectFrom)
  return target === '/' ? HISTORY : target
}
