// The order payload (cart-orders-admin §3 "Order submission", §5 "Submission preparation").
import { CODE_AUTRE_LIEU, MESSAGES } from './constants'
import { autreLieuTexte, encodeAutreLieu, isAutreLieu, PLACE_FIELDS } from './storage-places'
import type { CartLine } from './types'

/** The cart header comments: predefined labels → checked, plus the free text under 'libre'. */
export type CommentairesPanier = Readonly<Record<string, boolean | string | null | undefined>>

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '')

export type PreparedLine<L extends CartLine> = Omit<L, 'datesInvalides' | 'commentaire'> & { commentaire: string | null }

type PlacesAndComment = Partial<Pick<CartLine, 'codeTypeSilo1' | 'codeTypeSilo2' | 'codeTypeSilo3'>> & { commentaire?: string | null }

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

/** The line as sent: mixing and 'Autre' places become comment parts joined with '; '. */
export function prepareLine<L extends CartLine>(line: L): PreparedLine<L> {
  const parts = [text(line.commentaire)]
  if (line.melangeDechargement) parts.push(MESSAGES.melangerDechargement)
  const prepared = withAutreInComment({ ...line, commentaire: parts.filter(Boolean).join(SEPARATEUR) || null }) as unknown as Record<string, unknown>
  delete prepared.datesInvalides // client-side state only
  return prepared as PreparedLine<L>
}

/** The checked predefined labels, then the free text last, joined with ', '. */
export function headerComment(commentaires: CommentairesPanier | null | undefined): string {
  if (!commentaires || typeof commentaires !== 'object') return ''
  const checked = Object.entries(commentaires).filter(([k, v]) => k !== 'libre' && v === true).map(([k]) => k)
  return [...checked, text(commentaires.libre)].filter(Boolean).join(', ')
}

export interface OrderPayload<L extends CartLine = CartLine> {
  numTiers: string
  commande: { commentaire: string; lignes: PreparedLine<L>[] }
}

export function prepareOrder<L extends CartLine>(numTiers: string, lines: readonly L[], commentaires?: CommentairesPanier | null): OrderPayload<L> {
  return { numTiers, commande: { commentaire: headerComment(commentaires), lignes: lines.map(prepareLine) } }
}
