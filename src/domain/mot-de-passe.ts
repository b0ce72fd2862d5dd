// The rule for a password a member chooses (issue 40, issue 48): long enough, not made of the
// identifier or the member's name, not one of the passwords everyone tries first, hard enough to
// guess, typed twice the same. Every place a password is set calls motDePasseRefuse. How hard a
// password is to guess is estimated by zxcvbn-ts and its dictionaries, too large to live here: the
// server gives the estimate (an `Estimateur`, run off its main thread); this file stays pure.

/** A chosen password's bounds. */
export const MOT_DE_PASSE_MIN = 10
const MOT_DE_PASSE_MAX = 200

/**
 * zxcvbn's scores: 0 and 1 fall to an online guesser, 2 to under 10^8 guesses. 3 (10^8 to 10^10
 * guesses) is the score zxcvbn calls "safely unguessable" for a slowly hashed password: ours is
 * scrypt at about 50 ms a guess on one core (10^8 guesses: some 58 days of one core), and sign-in
 * tries are counted and limited. 4 asks more than 10^10 guesses: more than a person needs here, and
 * more refusals of passwords people remember.
 */
const SCORE_MIN = 3

/** Name words shorter than this are left out (« Le », « Roy »): a password may contain them by chance. */
const MOT_DE_NOM_MIN = 4
/** Legal forms in members' names (« EARL du Bocage »): a form is not a name. */
const FORMES_JURIDIQUES = new Set(['gaec', 'earl', 'scea', 'sarl', 'eurl', 'sas', 'sasu', 'sci', 'scop', 'cuma'])

/** The account a password is for: its identifier and the names it goes by. */
export interface CompteMotDePasse {
  username: string
  /** The account's display name and, for a member, the tiers' name (raison sociale). */
  noms: readonly string[]
}

/** What the estimator found, in the rule's words. */
export interface EstimationMotDePasse {
  /** zxcvbn's score, 0 (guessed at once) to 4. */
  score: number
  /** The password, whatever its case, is one of the list's common passwords, or one with up to 2 characters added. */
  courant: boolean
  /** zxcvbn's own advice, in French; null when it has none. */
  conseil: string | null
}

/** How hard `motDePasse` is to guess; `indices` are the account's own words (identifier, names). */
export type Estimateur = (motDePasse: string, indices: readonly string[]) => Promise<EstimationMotDePasse>

/** Why a password is refused, said in French, and what to do about it. */
export interface RefusMotDePasse {
  raison: string
  conseil: string | null
}

/** Lower case, no accents, letters and digits only: « Jean-Bâtiste » → « jeanbatiste ». */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')

/** The words of the account's names a password must not contain. */
export function motsDuNom(noms: readonly string[]): string[] {
  const words = noms.flatMap((nom) => nom.split(/[^\p{L}\p{M}\p{N}]+/u).map(plain))
  return [...new Set(words.filter((w) => [...w].length >= MOT_DE_NOM_MIN && !FORMES_JURIDIQUES.has(w)))]
}

/** What zxcvbn is told about the account, so that a password made of it scores low. */
export const indicesDuCompte = (compte: CompteMotDePasse): string[] =>
  [compte.username, ...compte.noms, ...motsDuNom(compte.noms)].filter((s) => s.trim() !== '')

const PERSONNEL = 'Ce qui vous désigne se devine : choisissez des mots qui ne disent rien de vous.'
const raison = (r: string, conseil: string | null = null): RefusMotDePasse => ({ raison: r, conseil })

/** The rules that need no estimate, cheapest first; null when they all pass. */
function refusSimple(compte: CompteMotDePasse, motDePasse: string, confirmation: string): RefusMotDePasse | null {
  const length = [...motDePasse].length
  if (length < MOT_DE_PASSE_MIN) return raison(`Le mot de passe doit faire au moins ${MOT_DE_PASSE_MIN} caractères.`)
  if (length > MOT_DE_PASSE_MAX) return raison(`Le mot de passe doit faire au plus ${MOT_DE_PASSE_MAX} caractères.`)
  const clair = plain(motDePasse)
  const identifiant = plain(compte.username)
  if (identifiant !== '' && clair.includes(identifiant))
    return raison('Le mot de passe ne doit pas contenir votre identifiant.', PERSONNEL)
  if (motsDuNom(compte.noms).some((mot) => clair.includes(mot)))
    return raison('Le mot de passe ne doit pas contenir votre nom.', PERSONNEL)
  if (motDePasse !== confirmation) return raison('Les deux mots de passe ne sont pas identiques.')
  return null
}

/**
 * The chosen password's rule; null when it is acceptable. The estimate is asked only once the
 * simple rules pass (it is the costly part).
 */
export async function motDePasseRefuse(
  compte: CompteMotDePasse,
  motDePasse: string,
  confirmation: string,
  estimer: Estimateur,
): Promise<RefusMotDePasse | null> {
  const simple = refusSimple(compte, motDePasse, confirmation)
  if (simple) return simple
  const estimation = await estimer(motDePasse, indicesDuCompte(compte))
  if (estimation.courant)
    return raison(
      'Ce mot de passe est trop courant : il fait partie des premiers que l’on essaie pour entrer dans un compte.',
      'Choisissez-en un autre, par exemple une courte phrase à vous.',
    )
  if (estimation.score < SCORE_MIN)
    return raison(
      'Mot de passe trop facile à deviner : ajoutez des mots ou des caractères.',
      estimation.conseil ?? 'Une courte phrase de quelques mots que vous retenez facilement convient bien.',
    )
  return null
}
