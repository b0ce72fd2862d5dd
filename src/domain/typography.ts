// French typography of what Silo writes (issue 51): no line may start with a unit, a colon or a
// double punctuation mark, so the space before them is a no-break one. One rule, here, for every
// screen and mail:
// - U+202F (narrow no-break space) before `;` `?` `!`, and inside « »: the Imprimerie nationale's
//   "espace fine insécable", thinner than a word space, which those signs take in print;
// - U+00A0 (no-break space) before `:` and between a number and its unit (`t`, `kg`, `€`, `%`):
//   a colon takes a full word space in French, and a unit stays as far from its number as a word,
//   only not on the next line. (Browsers without U+202F in the font fall back to a space anyway.)
// Thousands keep the plain space formatNombre writes (its own rule, see format.ts).

/** U+00A0, before `:` and units. */
export const ESPACE_INSECABLE = '\u00a0'
/** U+202F, before `;` `?` `!` and inside « ». */
export const ESPACE_FINE = '\u202f'

/** The units a number carries in Silo's texts. */
const UNITES = ['t', 'kg', '€', '%'] as const

/** `7,5 t` with the no-break space: a number and its unit, never apart. */
export const avecUnite = (nombre: string, unite: string): string => `${nombre}${ESPACE_INSECABLE}${unite}`

const SPACES = '[ \\u00a0\\u202f]'

/**
 * A French sentence with its spaces made unbreakable where typography wants them: before `;` `?`
 * `!` `:`, inside « », and between a number and a unit. Idempotent; a colon with no space before
 * it (a time '12:30', a URL) is left alone, as are spaces elsewhere.
 */
export function typographie(texte: string): string {
  return texte
    .replace(new RegExp(`${SPACES}+([;?!])`, 'g'), `${ESPACE_FINE}$1`)
    .replace(new RegExp(`${SPACES}+:`, 'g'), `${ESPACE_INSECABLE}:`)
    .replace(new RegExp(`«${SPACES}*`, 'g'), `«${ESPACE_FINE}`)
    .replace(new RegExp(`${SPACES}*»`, 'g'), `${ESPACE_FINE}»`)
    .replace(new RegExp(`(\\d)${SPACES}+(${UNITES.join('|')})(?=$|[\\s.,;:!?)»/])`, 'gu'), `$1${ESPACE_INSECABLE}$2`)
}

/**
 * Several reasons as one French text: each its own sentence, ended by its own point (one is added
 * when it has none), separated by a space — never "… « Valorisée ». ; La ligne 002 …" (issue 51).
 */
export function enPhrases(raisons: readonly string[]): string {
  return raisons
    .map((r) => r.trim())
    .filter((r) => r !== '')
    .map((r) => (/[.!?…]$/.test(r) ? r : `${r}.`))
    .join(' ')
}
