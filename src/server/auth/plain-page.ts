// The server's own pages (sign-in without OpenID Connect, the first sign-in link's page): plain
// HTML, no script, so they work on the oldest supported phone and with a screen reader. One frame
// for both: the brand, a card, the legal links, large targets.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

/** An alert and what to do about it, said under it; '' without an error. */
export function errorBlock(error: string | null | undefined, hint: string | null | undefined, id: string): string {
  if (!error) return ''
  return `<p class="error" role="alert" id="${id}-error">${escapeHtml(error)}</p>${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}`
}

export function plainPage(opts: {
  title: string
  /** The response's CSP nonce: the page's <style> needs it (no 'unsafe-inline' in style-src). */
  nonce?: string
  /** The page's content, below the brand: already HTML. */
  content: string
}): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#1b5e20">
<title>${escapeHtml(opts.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style${opts.nonce ? ` nonce="${escapeHtml(opts.nonce)}"` : ''}>
  :root { color-scheme: light; --green: #1b5e20; --gold: #c9a227; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 1.125rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #f4f6f2; }
  /* Side spaces in rem, but never more than a slice of the screen: with the text at 200 % on a
     phone, 40 px and 48 px a side left the card's words some 210 px and broke « Commande ». */
  main { max-width: 28rem; margin: 0 auto; padding: 2rem min(1.25rem, 5vw); }
  .brand { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; margin-bottom: 1.5rem; }
  .brand img { width: 56px; height: 56px; }
  h1 { font-size: 1.6rem; margin: 0; color: var(--green); overflow-wrap: anywhere; min-width: 0; }
  h2 { font-size: 1.3rem; margin: 0 0 .5rem; }
  form, .card { background: #fff; border-radius: 16px; padding: min(1.5rem, 6vw); box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  label { display: block; font-weight: 600; margin: 1rem 0 .35rem; }
  /* Form controls do not inherit the page's font by default: the button's and the fields' were the browser's. */
  input, button { font-family: inherit; }
  input { width: 100%; min-height: 52px; font-size: 1.1rem; padding: .6rem .8rem; border: 2px solid #555; border-radius: 10px; }
  input[readonly] { background: #eef1ec; border-color: #767676; }
  input:focus { outline: 3px solid var(--gold); outline-offset: 2px; border-color: var(--green); }
  button, .button { display: flex; align-items: center; justify-content: center; margin-top: 1.5rem; width: 100%; min-height: 56px; font-size: 1.15rem; font-weight: 700; color: #fff; background: var(--green); border: 0; border-radius: 12px; cursor: pointer; text-decoration: none; }
  button:focus-visible, .button:focus-visible { outline: 3px solid var(--gold); outline-offset: 3px; }
  .error { background: #fdecea; color: #8a1c12; border: 2px solid #c62828; border-radius: 10px; padding: .75rem 1rem; font-weight: 600; }
  .hint { color: #333; font-size: .95rem; margin: .5rem 0 0; }
  form .hint { margin-top: 1rem; }
  main > .hint { margin-bottom: 1rem; }
  /* A way out of the card (« Première connexion ou mot de passe oublié ? »): 48px high, as the footer's. */
  .more { margin: 1rem 0 0; }
  .more a { color: var(--green); font-weight: 600; display: inline-flex; align-items: center; min-height: 48px; }
  /* Links a gloved finger can hit: 48px high, wrapping on a narrow screen or with large text. */
  footer { margin-top: 2rem; font-size: .95rem; display: flex; flex-wrap: wrap; gap: 0 1rem; }
  footer a { color: var(--green); display: inline-flex; align-items: center; min-height: 48px; min-width: 48px; }
</style>
</head>
<body>
<main>
  <div class="brand"><img src="/icons/icon-192.png" alt="" width="56" height="56"><h1>Silo — Commande d'aliments</h1></div>
  ${opts.content}
  <footer><a href="/infos/mention">Mentions légales</a><a href="/infos/conditionsVente">CGU</a><a href="/infos/contacts">Contacts</a></footer>
</main>
</body>
</html>`
}
