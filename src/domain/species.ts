// Species of a feed, for the cart's storage-place check (cart-orders-admin §5: "another feed
// for another species in the same storage places").
//
// Choice: the species is the line's codeFiliere (the production branch: 60 and 67 are poultry
// branches, others are cattle, pigs…), which is what the cooperative classifies animals by.
// When either line lacks a branch, the first two digits of codeFamilleArticle stand in
// (45 = poultry). Without either, the species is unknown: an unknown species
// is never "another species", so the check can only warn, not block, on missing data.
import type { CartLine } from './types'

type SpeciesLine = Pick<CartLine, 'codeFiliere' | 'codeFamilleArticle'> | null | undefined

const filiereOf = (l: SpeciesLine) => (typeof l?.codeFiliere === 'string' ? l.codeFiliere.trim() : '')
const familleOf = (l: SpeciesLine) =>
  typeof l?.codeFamilleArticle === 'string' ? l.codeFamilleArticle.trim().slice(0, 2) : ''

/** A readable species key ('filiere:60', 'famille:45'), or null when unknown. */
export function especeOf(line: SpeciesLine): string | null {
  if (filiereOf(line)) return `filiere:${filiereOf(line)}`
  return familleOf(line).length === 2 ? `famille:${familleOf(line)}` : null
}

/**
 * Different species only when both lines are known by the same key and differ: two branches,
 * or, when a branch is missing on either side, two family prefixes.
 */
export function differentSpecies(a: SpeciesLine, b: SpeciesLine): boolean {
  if (filiereOf(a) && filiereOf(b)) return filiereOf(a) !== filiereOf(b)
  const fa = familleOf(a)
  const fb = familleOf(b)
  return fa.length === 2 && fb.length === 2 && fa !== fb
}
