// Which step a line may move to, and which delivered quantity makes sense (issue 41: the
// cooperative's ERP moves the lines through cart-orders-admin §4's steps). The spec does not show
// the allowed transitions; its help text gives the sequence: en attente de validation, valorisée,
// en logistique, livrée, facturée, supprimée. Read here as:
//   - forward only, skipping allowed: ENREGISTREE → VALORISEE → PREPAREE → LOGISTIQUE → LIVREE → FACTUREE
//     (PREPAREE and LOGISTIQUE share the rank 3 of the notes: PREPAREE may go on to LOGISTIQUE, not back);
//   - SUPPRIMEE from any step before LIVREE (a delivered line cannot be withdrawn);
//   - ERREUR from any step that is not final;
//   - FACTUREE, SUPPRIMEE and ERREUR are final (the orders' history, ETAPES_HISTORIQUE): nothing follows;
//   - the same step twice is refused (a replay goes through the Idempotency-Key, not a second move).
// Each refusal is a French sentence naming the line.
import { lineStepLabel } from './orders'
import { parseDecimal, roundTonnes } from './tonnes'
import { typographie } from './typography'

/** The forward sequence; SUPPRIMEE and ERREUR stand beside it. */
const SEQUENCE: readonly string[] = ['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE']
const FINALES: readonly string[] = ['FACTUREE', 'SUPPRIMEE', 'ERREUR']
/** Every step (the contract's ETAPES, which its schema checks first). */
const ETAPES: readonly string[] = [...SEQUENCE, 'SUPPRIMEE', 'ERREUR']

const position = (etape: string) => SEQUENCE.indexOf(etape)
const label = (etape: string) => `« ${lineStepLabel(etape)} »`

/** Null when line `idLigne` may go from `from` to `to`, else the reason in French. */
export function stepMoveRefusal(idLigne: string, from: string, to: string): string | null {
  const line = `La ligne ${idLigne}`
  if (!ETAPES.includes(to)) return `Étape inconnue : ${to}`
  if (from === to) return `${line} est déjà à l’étape ${label(to)}.`
  if (FINALES.includes(from))
    return `${line} est à l’étape ${label(from)}, qui est définitive : elle ne peut plus passer à l’étape ${label(to)}.`
  if (to === 'ERREUR') return null
  if (to === 'SUPPRIMEE')
    return position(from) >= position('LIVREE') ? `${line} est déjà livrée : elle ne peut plus être supprimée.` : null
  const a = position(from)
  const b = position(to)
  // An unknown current step (written by hand in the database): only the final steps may follow it.
  if (a < 0) return `${line} est à une étape inconnue (${from}) : elle ne peut passer qu’en erreur ou être supprimée.`
  if (b < a) return `${line} est à l’étape ${label(from)} : elle ne peut pas revenir à l’étape ${label(to)}.`
  return null
}

/** More than this on one delivered line is not a feed delivery (two of the largest trucks, 29 t, and the 1 t tolerance). */
const LIVRAISON_LIGNE_MAX_TONNES = 60
/** The terms' weight tolerance: a delivery may exceed its line by this much, beyond twice the order. */
const TOLERANCE_TONNES = 1

export type QuantiteLivree = { ok: true; tonnes: number } | { ok: false; reason: string }

/**
 * A delivered quantity as the ERP sends it (a number, or a decimal as text with a comma or a
 * point): more than 0, at most LIVRAISON_LIGNE_MAX_TONNES, and for a line of an order at most
 * twice the quantity ordered plus the tolerance. Rounded to the kg.
 */
export function checkDeliveredQuantity(value: unknown, commandee?: number | null): QuantiteLivree {
  const q = parseDecimal(value)
  if (q === null) return { ok: false, reason: 'La quantité livrée doit être un nombre de tonnes.' }
  const tonnes = roundTonnes(q)
  if (tonnes <= 0) return { ok: false, reason: 'La quantité livrée doit être supérieure à 0 t.' }
  if (tonnes > LIVRAISON_LIGNE_MAX_TONNES)
    return {
      ok: false,
      reason: typographie(
        `La quantité livrée (${tonnes} t) dépasse ${LIVRAISON_LIGNE_MAX_TONNES} t : elle n’est pas vraisemblable pour une ligne.`,
      ),
    }
  if (typeof commandee === 'number' && commandee > 0 && tonnes > roundTonnes(commandee * 2 + TOLERANCE_TONNES))
    return {
      ok: false,
      reason: typographie(
        `La quantité livrée (${tonnes} t) est sans rapport avec la quantité commandée (${commandee} t).`,
      ),
    }
  return { ok: true, tonnes }
}

/** No delivery reported through the ERP is older than this (the history's first day: a 1900 is a typing slip). */
const LIVRAISON_DATE_MIN = '2000-01-01'

/**
 * A delivery date that makes sense: not before the order was received (for an ordered line; else
 * not before LIVRAISON_DATE_MIN), not after `today` (a delivery is reported once made). All as
 * 'yyyy-MM-dd'.
 */
export function deliveryDateRefusal(date: string, today: string, commandeeLe?: string | null): string | null {
  if (date > today) return `La date de livraison (${date}) est dans le futur.`
  if (commandeeLe && date < commandeeLe) return `La date de livraison (${date}) précède la commande (${commandeeLe}).`
  if (date < LIVRAISON_DATE_MIN) return `La date de livraison (${date}) précède le ${LIVRAISON_DATE_MIN}.`
  return null
}

/** An ERP's clock a little ahead of the server's is not a step in the future. */
const HORODATAGE_AVANCE_MAX_MS = 2 * 60_000

/**
 * When a step happened (ms since the epoch), as the ERP tells it: not in the future (beyond
 * HORODATAGE_AVANCE_MAX_MS of clock difference) and not before the order was accepted.
 */
export function stepInstantRefusal(at: number, now: number, commandeeA: number): string | null {
  const iso = (ms: number) => new Date(ms).toISOString()
  if (at > now + HORODATAGE_AVANCE_MAX_MS) return `L’horodatage (${iso(at)}) est dans le futur.`
  if (at < commandeeA) return `L’horodatage (${iso(at)}) précède la commande (${iso(commandeeA)}).`
  return null
}
