// The order payload (cart-orders-admin §3 "Order submission", §5 "Submission preparation").
import { CODE_AUTRE_LIEU, MESSAGES } from './constants'
import { autreLieuTexte, isAutreLieu, PLACE_FIELDS } from './storage-places'
import type { CartLine } from './types'

/** The cart header comments: predefined labels → checked, plus the free text under 'libre'. */
export type CommentairesPanier = Readonly<Record<string, boolean | string | null | undefined>>

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '')

export type PreparedLine<L extends CartLine> = Omit<L, 'datesInvalides' | 'commentaire'> & { commentaire: string | null }

/** The line as sent: mixing and 'Autre' places become comment parts joined with '; '. */
export function prepareLine<L extends CartLine>(line: L): PreparedLine<L> {
  const parts = [text(line.commentaire)]
  if (line.melangeDechargement) parts.push(MESSAGES.melangerDechargement)
  const prepared = { ...line } as Record<string, unknown>
  for (const field of PLACE_FIELDS) {
    const code = text(line[field])
    if (!isAutreLieu(code)) continue
    parts.push(autreLieuTexte(code))
    prepared[field] = CODE_AUTRE_LIEU
  }
  const commentaire = parts.filter(Boolean).join('; ')
  prepared.commentaire = commentaire || null
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
