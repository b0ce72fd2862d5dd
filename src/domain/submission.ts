// The order payload (cart-orders-admin §3 "Order submission", §5 "Submission preparation").
import { CODE_AUTRE_LIEU, MESSAGES } from './constants'
import { autreLieuTexte, encodeAutreLieu, isAutreLieu, PLACE_FIELDS } from './storage-places'
import type { CommandeEnvoyee, LigneCommandeEnvoyee } from '../contract/commandes'
import type { CartLine } from './types'
import { text } from './text'

/** The cart header comments: predefined labels → checked, plus the free text under 'libre'. */
export type CommentairesPanier = Readonly<Record<string, boolean | string | null | undefined>>

type PlacesAndComment = Partial<Pick<CartLine, 'codeTypeSilo1' | 'codeTypeSilo2' | 'codeTypeSilo3'>> & {
  commentaire?: string | null
}

const SEPARATEUR = '; '

/** 'Autre' places written the submission's way: code 997, the farmer's words appended to the line comment. */
export function withAutreInComment<L extends PlacesAndComment>(line: L): L {
  const parts = [text(line.commentaire)]
  const out = { ...line } as Record<string, unknown>
  for (const field of PLACE_FIELDS) {
    const code = text(line[field])
    if (!isAutreLieu(code)) continue
    parts.push(autreLieuTexte(code))
    out[field] = CODE_AUTRE_LIEU
  }
  out.commentaire = parts.filter(Boolean).join(SEPARATEUR) || null
  return out as L
}

/**
 * The inverse, for the server and the order detail: each bare 997 place takes back its words
 * from the end of the comment (they were appended last, in place order); a '997:' place as the
 * cart writes it is left as it is. Missing words give '997:' and the length rule refuses it.
 */
export function restoreAutreLieux<L extends PlacesAndComment>(line: L): L {
  const bare = PLACE_FIELDS.filter((f) => text(line[f]) === CODE_AUTRE_LIEU)
  if (bare.length === 0) return line
  const parts = text(line.commentaire) ? text(line.commentaire).split(SEPARATEUR) : []
  const words = parts.splice(Math.max(0, parts.length - bare.length))
  while (words.length < bare.length) words.unshift('')
  const out = { ...line } as Record<string, unknown>
  bare.forEach((f, i) => (out[f] = encodeAutreLieu(words[i] ?? '')))
  out.commentaire = parts.join(SEPARATEUR) || null
  return out as L
}

/**
 * The line as sent (the contract's LigneCommandeEnvoyee): mixing and 'Autre' places become comment
 * parts joined with '; '; what only the device knows (datesInvalides) stays here.
 */
export function prepareLine(line: CartLine): LigneCommandeEnvoyee {
  const parts = [text(line.commentaire)]
  if (line.melangeDechargement) parts.push(MESSAGES.melangerDechargement)
  const { datesInvalides: _deviceOnly, ...sent } = withAutreInComment({
    ...line,
    commentaire: parts.filter(Boolean).join(SEPARATEUR) || null,
  })
  return {
    ...sent,
    // A line reaches the payment step only with its article; an empty one is refused by the server.
    numArticle: text(line.numArticle),
    supplementations: line.supplementations && [...line.supplementations],
    mineraux: line.mineraux && [...line.mineraux],
  }
}

/** The checked predefined labels, then the free text last, joined with ', '. */
export function headerComment(commentaires: CommentairesPanier | null | undefined): string {
  if (!commentaires || typeof commentaires !== 'object') return ''
  const checked = Object.entries(commentaires)
    .filter(([k, v]) => k !== 'libre' && v === true)
    .map(([k]) => k)
  return [...checked, text(commentaires.libre)].filter(Boolean).join(', ')
}

export function prepareOrder(
  numTiers: string,
  lines: readonly CartLine[],
  commentaires?: CommentairesPanier | null,
): CommandeEnvoyee {
  return { numTiers, commande: { commentaire: headerComment(commentaires), lignes: lines.map(prepareLine) } }
}
