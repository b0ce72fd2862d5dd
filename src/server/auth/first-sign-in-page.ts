// The page a first sign-in link opens (issue 40): the member chooses a password, typed twice, and
// is signed in. Or, when the link is no longer good, what happened and what to do. The identifier
// is a field of the form (read-only, autocomplete="username") so that a phone's password manager
// saves the new password with it (issue 51).
import { LIEN_VALIDITE_HEURES, PREMIERE_CONNEXION_PATH } from '../../contract/acces-adherent'
import { MOT_DE_PASSE_MIN } from '../../domain/mot-de-passe'
import { errorBlock, escapeHtml, plainPage } from './plain-page'

const TITLE = 'Silo > Choisir votre mot de passe'

export function firstSignInPage(opts: {
  jeton: string
  username: string
  error?: string | null
  /** What to do about the error, said under it. */
  hint?: string | null
  nonce?: string
}) {
  // After a refusal the page opens at its top, on the reason: a focused field would scroll it
  // away with large text (role="alert" reads it out either way).
  const described = opts.error ? ` aria-describedby="premiere-error${opts.hint ? ' premiere-hint' : ''}"` : ''
  return plainPage({
    title: TITLE,
    nonce: opts.nonce,
    content: `${errorBlock(opts.error, opts.hint, 'premiere')}
  <form method="post" action="${PREMIERE_CONNEXION_PATH}"${described}>
    <h2>Choisissez votre mot de passe</h2>
    <input type="hidden" name="jeton" value="${escapeHtml(opts.jeton)}">
    <label for="username">Votre identifiant</label>
    <input id="username" name="username" type="text" autocomplete="username" value="${escapeHtml(opts.username)}" readonly>
    <label for="motDePasse">Nouveau mot de passe</label>
    <input id="motDePasse" name="motDePasse" type="password" autocomplete="new-password" minlength="${MOT_DE_PASSE_MIN}" required aria-describedby="regle"${opts.error ? '' : ' autofocus'}>
    <p class="hint" id="regle">Au moins ${MOT_DE_PASSE_MIN} caractères, ni votre identifiant ni votre nom. Une courte phrase que vous retenez facilement convient bien.</p>
    <label for="confirmation">Confirmez le mot de passe</label>
    <input id="confirmation" name="confirmation" type="password" autocomplete="new-password" minlength="${MOT_DE_PASSE_MIN}" required>
    <button type="submit">Enregistrer et me connecter</button>
  </form>`,
  })
}

export function deadLinkPage(nonce?: string) {
  return plainPage({
    title: TITLE,
    nonce,
    content: `<div class="card">
    <h2>Ce lien n’est plus valable</h2>
    <p role="alert">Il a déjà servi, un lien plus récent l’a remplacé, ou ses ${LIEN_VALIDITE_HEURES} heures sont passées.</p>
    <p>Si vous avez déjà choisi votre mot de passe, connectez-vous. Sinon, demandez un nouveau lien à votre coopérative.</p>
    <a class="button" href="/login">Aller à la connexion</a>
  </div>`,
  })
}
