// The payment step (cart-orders-admin §2 "Payment validation", §4 "Payment line").
import { DateTime } from 'luxon'
import { ZONE } from './calendar'
import { MESSAGES } from './constants'
import type { CartLine } from './types'

interface DomiciliationBancaire {
  numDomiciliationBancaire: string
  numeroCompte?: string | null
  nomBanque?: string | null
}

export interface ModeReglement {
  codeRegt: string
  libelle: string
  parDefaut?: boolean | null
  datePrevEche?: string | null
  tauxEscompte?: number | null
  domiciliationsBancaires?: readonly DomiciliationBancaire[] | null
}

/**
 * The mode preselected for a line: the one it already has if still offered, else the one marked
 * parDefaut, else the first offered (a line is never left without a mode when one exists).
 */
export function defaultPaymentMode(
  modes: readonly ModeReglement[],
  codeReglement?: string | null,
): ModeReglement | null {
  if (!Array.isArray(modes) || modes.length === 0) return null
  return (
    modes.find((m) => codeReglement && m.codeRegt === codeReglement) ??
    modes.find((m) => m.parDefaut) ??
    modes[0] ??
    null
  )
}

/** The domiciliation: the line's existing one if the mode offers it, otherwise the first, otherwise none. */
export function defaultDomiciliation(mode: ModeReglement | null, current?: string | null): string | null {
  const list = mode?.domiciliationsBancaires ?? []
  return (
    list.find((d) => current && d.numDomiciliationBancaire === current)?.numDomiciliationBancaire ??
    list[0]?.numDomiciliationBancaire ??
    null
  )
}

export interface PaymentSelection {
  codeReglement: string | null
  numDomiciliationBancaire: string | null
  tauxEscompte: number | null
  datePrevEche: string | null
  /** Several domiciliations show a selector; one shows as text. */
  domiciliations: readonly DomiciliationBancaire[]
}

/** Choosing a mode sets the discount rate, the due date and the bank domiciliations. */
export function selectPaymentMode(mode: ModeReglement | null, currentDomiciliation?: string | null): PaymentSelection {
  return {
    codeReglement: mode?.codeRegt ?? null,
    numDomiciliationBancaire: defaultDomiciliation(mode, currentDomiciliation),
    tauxEscompte: mode?.tauxEscompte ?? null,
    datePrevEche: mode?.datePrevEche ?? null,
    domiciliations: mode?.domiciliationsBancaires ?? [],
  }
}

/**
 * Duplicating a line's mode onto the other lines: applied where that mode is offered for the
 * line, left alone elsewhere, with the spec's warning when it could not be applied everywhere.
 */
export function duplicatePaymentMode<L extends CartLine>(
  lines: readonly L[],
  sourceIdLigne: string,
  proposals: Readonly<Record<string, readonly ModeReglement[] | undefined>>,
): { lines: L[]; message: string | null } {
  const source = lines.find((l) => l.idLigne === sourceIdLigne)
  const code = source?.codeReglement
  if (!source || !code) return { lines: [...lines], message: null }
  let missed = false
  const next = lines.map((l) => {
    if (l.idLigne === sourceIdLigne) return l
    const mode = (proposals[l.idLigne] ?? []).find((m) => m.codeRegt === code)
    if (!mode) {
      missed = true
      return l
    }
    return {
      ...l,
      codeReglement: code,
      numDomiciliationBancaire: defaultDomiciliation(mode, l.numDomiciliationBancaire),
    }
  })
  return { lines: next, message: missed ? MESSAGES.dupliquerReglementPartiel : null }
}

/** The due date of a mode: so many days after the line's delivery start (server and offline fallback alike). */
export function dueDate(datePrevueLivraison: string | null | undefined, delaiEcheanceJours: number): string | null {
  if (!datePrevueLivraison || !Number.isFinite(delaiEcheanceJours)) return null
  const start = DateTime.fromISO(datePrevueLivraison, { zone: ZONE })
  return start.isValid ? start.plus({ days: delaiEcheanceJours }).toISODate() : null
}

/** The customer's payment terms (modes and domiciliations, as GET reglement-tiers gives them). */
export interface ConditionsReglement {
  modes: readonly {
    codeRegt: string
    libelle: string
    parDefaut: boolean
    tauxEscompte: number
    delaiEcheanceJours: number
    avecDomiciliation: boolean
  }[]
  domiciliations: readonly { numDomiciliationBancaire: number | string; numeroCompte: string; nomBanque: string }[]
}

/**
 * The proposals for one line built from the customer's terms: what the server answers for
 * reglement-commande, and what an offline device falls back on when it has no proposal for the
 * line (the server checks the line again when the order arrives).
 */
export function proposalsFromTerms(
  terms: ConditionsReglement,
  datePrevueLivraison: string | null | undefined,
): ModeReglement[] {
  const domiciliations = terms.domiciliations.map((d) => ({
    numDomiciliationBancaire: String(d.numDomiciliationBancaire),
    numeroCompte: d.numeroCompte,
    nomBanque: d.nomBanque,
  }))
  return terms.modes.map((m) => ({
    codeRegt: m.codeRegt,
    libelle: m.libelle,
    parDefaut: m.parDefaut,
    datePrevEche: dueDate(datePrevueLivraison, m.delaiEcheanceJours),
    tauxEscompte: m.tauxEscompte,
    domiciliationsBancaires: m.avecDomiciliation ? domiciliations : [],
  }))
}

/** The line as sent: its mode if still offered, else the default one, and its domiciliation; none when no mode is offered. */
export function withPaymentSelection<L extends CartLine>(line: L, modes: readonly ModeReglement[]): L {
  const sel = selectPaymentMode(defaultPaymentMode(modes, line.codeReglement), line.numDomiciliationBancaire)
  return { ...line, codeReglement: sel.codeReglement, numDomiciliationBancaire: sel.numDomiciliationBancaire }
}
