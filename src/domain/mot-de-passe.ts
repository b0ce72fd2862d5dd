// The rule for a password a member chooses with a first sign-in link (issue 40): long enough to
// resist guessing, not the identifier, typed twice the same.

/** A chosen password's bounds. */
export const MOT_DE_PASSE_MIN = 10
const MOT_DE_PASSE_MAX = 200

/** The chosen password's rule, said in French; null when it is acceptable. */
export function motDePasseRefuse(username: string, motDePasse: string, confirmation: string): string | null {
  const length = [...motDePasse].length
  if (length < MOT_DE_PASSE_MIN) return `Le mot de passe doit faire au moins ${MOT_DE_PASSE_MIN} caractères.`
  if (length > MOT_DE_PASSE_MAX) return `Le mot de passe doit faire au plus ${MOT_DE_PASSE_MAX} caractères.`
  if (motDePasse.trim().toLowerCase() === username.toLowerCase())
    return 'Le mot de passe ne peut pas être votre identifiant.'
  if (motDePasse !== confirmation) return 'Les deux mots de passe ne sont pas identiques.'
  return null
}
