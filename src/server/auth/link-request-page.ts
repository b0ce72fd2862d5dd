// The pages of « Première connexion ou mot de passe oublié ? » (issue 48): the member gives their
// number and gets a link by mail. Plain HTML, no script, the frame of the sign-in page (plain-page.ts).
// The answer page is one fixed page, the same for every number (services/link-request.ts says why).
import { DEMANDE_LIEN_PATH, LIEN_VALIDITE_HEURES } from '../../contract/acces-adherent'
import { SESSION_PATHS } from '../../contract/session-names'
import { errorBlock, escapeHtml, plainPage } from './plain-page'

const TITLE = 'Silo > Première connexion ou mot de passe oublié'

/** What the sign-in page says to reach the form, and the form's own heading. */
export const DEMANDE_LIEN_TEXTE = 'Première connexion ou mot de passe oublié ?'

/** The sign-in page's way here, with the number already typed there, if any. */
export const linkRequestHref = (identifiant = '') =>
  identifiant ? `${DEMANDE_LIEN_PATH}?identifiant=${encodeURIComponent(identifiant)}` : DEMANDE_LIEN_PATH

const backToSignIn = `<p class="more"><a href="${SESSION_PATHS.login}">Retour à la connexion</a></p>`

export function linkRequestPage(opts: { identifiant?: string; error?: string | null; nonce?: string }) {
  const described = opts.error ? 'identifiant-aide demande-error' : 'identifiant-aide'
  return plainPage({
    title: TITLE,
    nonce: opts.nonce,
    content: `${errorBlock(opts.error, null, 'demande')}
  <form method="post" action="${DEMANDE_LIEN_PATH}">
    <h2>${DEMANDE_LIEN_TEXTE}</h2>
    <p>Recevez par courriel un lien pour choisir votre mot de passe, à l’adresse que votre coopérative connaît.</p>
    <label for="identifiant">Identifiant (numéro de tiers)</label>
    <input id="identifiant" name="identifiant" autocomplete="username" inputmode="text" maxlength="64" required aria-describedby="${described}" value="${escapeHtml(opts.identifiant ?? '')}" autofocus>
    <p class="hint" id="identifiant-aide">Votre identifiant vous a été remis par votre coopérative.</p>
    <button type="submit">Recevoir un lien par courriel</button>
  </form>
  ${backToSignIn}`,
  })
}

/** The one answer, whatever the number: it says what happens if the number has an account. */
export function linkRequestedPage(nonce?: string) {
  return plainPage({
    title: TITLE,
    nonce,
    content: `<div class="card">
    <h2>Demande reçue</h2>
    <p>Si cet identifiant est celui d’un compte Silo qui a une adresse électronique, un courriel vient d’y partir avec un lien pour choisir votre mot de passe.</p>
    <p>Le lien est valable ${LIEN_VALIDITE_HEURES} heures et ne sert qu’une fois. Rien reçu dans quelques minutes ? Regardez dans les courriers indésirables, puis appelez votre coopérative.</p>
    <a class="button" href="${SESSION_PATHS.login}">Aller à la connexion</a>
  </div>`,
  })
}
