// Order acceptance (cart-orders-admin §7 POST /commandes, §8 the 409 format): every line is
// checked again with src/domain against the current reference data and the customer's rights,
// then the order, its lines, their supplements, minerals and first step, and its confirmation
// mail are stored in one transaction. A refused order stores nothing and answers 409.
import { CODES_ERREUR } from '../../contract/error-codes'
import { DateTime } from 'luxon'
import { and, eq } from 'drizzle-orm'
import type { CommandeAcceptee, CommandePayload, LigneCommandePayload } from '../../contract/commandes'
import { isListedFeed, isOrderableArticle } from '../../domain/articles'
import { contractRefusal } from '../../domain/contracts'
import { isLotArticleOrderable, TRANCHE_REFUS } from '../../domain/feeding-plan'
import { restoreAutreLieux } from '../../domain/submission'
import { parseDecimal, roundTonnes } from '../../domain/tonnes'
import { ZONE } from '../../domain/calendar'
import { formatConflictMessage, type ConflictEntry } from '../../domain/conflict'
import { checkCartStoragePlaces } from '../../domain/cart-checks'
import { validateOrderLine } from '../../domain/order-line'
import { isAlimentSimple } from '../../domain/quantity'
import { text } from '../../domain/text'
import type { CartLine } from '../../domain/types'
import type { Db } from '../db/client'
import { commandes } from '../db/schema'
import type { Outcome, Tx } from '../http/idempotency'
import { loadOrderContext, type OrderContext } from './order-context'
import { storeOrder } from './order-store'

const num = (v: unknown) => (text(v) === '' ? null : Number(v))

/**
 * The line as it will be stored, which is the line the rules check: tonnes rounded to the kg,
 * minerals to the hundredth of a percent (their columns), 'Autre' places with their words back.
 */
function normalizeLine(line: LigneCommandePayload): LigneCommandePayload {
  return restoreAutreLieux({
    ...line,
    quantiteCommande:
      typeof line.quantiteCommande === 'number' ? roundTonnes(line.quantiteCommande) : line.quantiteCommande,
    mineraux: line.mineraux?.map((m) => {
      const q = parseDecimal(m.quantiteCommande)
      return { ...m, quantiteCommande: q === null ? null : Math.round(q * 100) / 100 }
    }),
  })
}

/** The reasons a line is refused, as 409 entries: the shared rules on the stored facts, then the customer's rights. */
function checkLine(
  line: LigneCommandePayload,
  all: readonly LigneCommandePayload[],
  ctx: OrderContext,
  now: DateTime,
  sessionStart: DateTime | null,
): ConflictEntry[] {
  const article = ctx.articles.get(line.numArticle)
  const entry = (name: string, reason: string): ConflictEntry => ({
    name,
    letter: article?.codeTypeArticle ?? text(line.codeTypeArticle),
    number: line.numArticle,
    label: article?.libelle ?? text(line.libelleArticle),
    reason,
  })
  if (!article) return [entry('numArticle', 'Article inconnu')]
  const out: ConflictEntry[] = []
  if (!(article.artCommandable && isOrderableArticle(article))) out.push(entry('numArticle', 'Article non commandable'))
  // A supplement (sub-type SU) or an amino acid (type GSU) is not a feed (ordering-area §9: left
  // out of the feed list): it is chosen on a feed's line, never ordered as a line of its own.
  else if (!isListedFeed(article))
    out.push(entry('numArticle', 'Article non commandable seul : à choisir comme supplémentation d’un aliment'))

  const numAdr = num(line.numAdresse)
  const batiment = ctx.batiments.find((b) => b.numBatiment === num(line.numBatiment)) ?? null
  // Supplementations as stored: their group and sub-type, whatever the client said.
  const offered = ctx.supplementations.filter((s) => s.numArticle === line.numArticle)
  const supplementations = (line.supplementations ?? []).map((s) => {
    const row = offered.find((o) => o.numArticleSupplementation === s.numArticle)
    return {
      numArticle: s.numArticle,
      groupe: row?.groupe ?? null,
      codeSousTypeArticle: row?.codeSousTypeArticle ?? null,
    }
  })
  // The sent line read as a cart line: the family as stored, the device's text for two numbers.
  const asCart = (l: LigneCommandePayload): CartLine => ({
    ...l,
    numExploitation: l.numExploitation?.toString(),
    numDomiciliationBancaire: l.numDomiciliationBancaire?.toString(),
    codeFamilleArticle: ctx.articles.get(l.numArticle)?.codeFamille ?? null,
    supplementations: l === line ? supplementations : l.supplementations,
  })
  const errors = validateOrderLine(asCart(line), {
    now,
    params: ctx.params,
    sessionStart,
    contraintesArticle: ctx.contraintesArticle.get(line.numArticle) ?? null,
    alimentSimple: isAlimentSimple(article),
    contraintesLivraison:
      ctx.contraintesLivraison.find((c) => c.numArticle === line.numArticle && c.numAdr === numAdr) ?? null,
    modesCamion: ctx.modesCamion,
    creneaux: ctx.creneaux,
    otherLines: all.filter((l) => l !== line).map(asCart),
    batiment,
    adresses: ctx.tiers?.adresses ?? [],
    adresseCompatible: !ctx.incompatibilites.some((i) => i.numArticle === line.numArticle && i.numAdr === numAdr),
  })
  for (const e of errors) out.push(entry(e.field, e.message))

  if (line.numBatiment !== null && line.numBatiment !== undefined && !batiment)
    out.push(entry('numBatiment', 'Bâtiment inconnu pour ce tiers'))
  const numExpl = num(line.numExploitation)
  if (numExpl !== null && !ctx.exploitations.has(numExpl))
    out.push(entry('numExploitation', 'Exploitation inconnue pour ce tiers'))
  else if (numExpl !== null && batiment && batiment.numExploitation !== numExpl)
    out.push(entry('numBatiment', "Bâtiment d'une autre exploitation"))
  if (line.numContrat) {
    const refus = contractRefusal(ctx.contrats.get(line.numContrat), line.numArticle, now)
    if (refus) out.push(entry('numContrat', refus))
  }
  if (line.numLot) {
    const lot = ctx.lots.get(line.numLot)
    if (!lot) out.push(entry('numLot', 'Lot inconnu pour ce tiers'))
    else if (!isLotArticleOrderable(lot, line.numArticle, now)) out.push(entry('numLot', TRANCHE_REFUS.aucuneTranche))
    else if (batiment && lot.numBatiment !== batiment.numBatiment) out.push(entry('numLot', "Lot d'un autre bâtiment"))
  }
  for (const s of supplementations)
    if (!offered.some((o) => o.numArticleSupplementation === s.numArticle))
      out.push(entry('supplementations', `Supplémentation ${s.numArticle} non proposée pour cet article`))
  const offeredMins = new Set(
    ctx.mineraux.filter((m) => m.numArticle === line.numArticle).map((m) => m.numArticleMineral),
  )
  for (const m of line.mineraux ?? [])
    if (!offeredMins.has(m.numArticle))
      out.push(entry('mineraux', `Minéral ${m.numArticle} non proposé pour cet article`))
  if (line.codeReglement && !ctx.modesReglement.some((m) => m.codeRegt === line.codeReglement))
    out.push(entry('codeReglement', 'Mode de règlement non proposé à ce tiers'))
  const domiciliation = num(line.numDomiciliationBancaire)
  if (domiciliation !== null && !ctx.domiciliations.has(domiciliation))
    out.push(entry('numDomiciliationBancaire', 'Domiciliation bancaire inconnue pour ce tiers'))
  return out
}

/**
 * Two species in the same silos on the same dates: refused as the cart refuses it ('Etape
 * suivante', the same src/domain rule: same address, overlapping dates, a place in common), for an
 * order that did not go through that check (an older app, a forged call). The species are the
 * stored articles', not the client's.
 */
function storageConflicts(lignes: readonly LigneCommandePayload[], ctx: OrderContext): ConflictEntry[] {
  const asCart = lignes.map((l): CartLine => ({
    idLigne: l.idLigne,
    numAdresse: l.numAdresse,
    datePrevueLivraison: l.datePrevueLivraison,
    finDatePrevueLivraison: l.finDatePrevueLivraison,
    codeTypeSilo1: l.codeTypeSilo1,
    codeTypeSilo2: l.codeTypeSilo2,
    codeTypeSilo3: l.codeTypeSilo3,
    codeFiliere: ctx.articles.get(l.numArticle)?.codeFiliere ?? null,
    codeFamilleArticle: ctx.articles.get(l.numArticle)?.codeFamille ?? null,
  }))
  return checkCartStoragePlaces(asCart).erreurs.flatMap((e) => {
    const line = lignes.find((l) => l.idLigne === e.idLigne)
    if (!line) return []
    const article = ctx.articles.get(line.numArticle)
    return [
      {
        name: 'codeTypeSilo1',
        letter: article?.codeTypeArticle ?? text(line.codeTypeArticle),
        number: line.numArticle,
        label: article?.libelle ?? text(line.libelleArticle),
        reason: e.message,
      },
    ]
  })
}

interface AcceptOptions {
  numTiers: string
  username: string
  payload: CommandePayload
  now: DateTime
  sessionStart: Date | null
  /** The Idempotency-Key it was sent with: the ERP reads it in the feed. */
  idempotencyKey?: string | null
}

/** Checks the order, stores it when valid; the outcome is the HTTP answer (201 or 409). */
export async function acceptOrder(tx: Tx, opts: AcceptOptions): Promise<Outcome> {
  const { payload, numTiers } = opts
  const lignes = payload.commande.lignes.map(normalizeLine)
  // Read within the transaction: PGlite has one connection, and PostgreSQL sees the same snapshot.
  const contratNums = lignes.map((l) => l.numContrat).filter((n): n is string => Boolean(n))
  const ctx = await loadOrderContext(
    tx,
    numTiers,
    lignes.map((l) => l.numArticle),
    opts.now,
    contratNums,
  )
  const sessionStart = opts.sessionStart ? DateTime.fromJSDate(opts.sessionStart).setZone(ZONE) : null
  const ids = new Set<string>()
  const refused: ConflictEntry[] = []
  for (const l of lignes) {
    if (ids.has(l.idLigne))
      refused.push({
        name: 'idLigne',
        letter: text(l.codeTypeArticle),
        number: l.numArticle,
        label: text(l.libelleArticle),
        reason: 'Ligne en double',
      })
    ids.add(l.idLigne)
    refused.push(...checkLine(l, lignes, ctx, opts.now, sessionStart))
  }
  refused.push(...storageConflicts(lignes, ctx))
  if (refused.length > 0)
    return { status: 409, body: { message: formatConflictMessage(refused), code: CODES_ERREUR.COMMANDE_INVALIDE } }

  const { numero, mail } = await storeOrder(tx, ctx, {
    numTiers,
    username: opts.username,
    payload,
    lignes,
    now: opts.now,
    idempotencyKey: opts.idempotencyKey ?? null,
  })
  return { status: 201, body: { numero, mail } satisfies CommandeAcceptee }
}

/** Is this order one of the customer's (a survey names it)? */
export async function isOwnOrder(db: Db, numTiers: string, numero: string): Promise<boolean> {
  return (
    (
      await db
        .select({ id: commandes.id })
        .from(commandes)
        .where(and(eq(commandes.numTiers, numTiers), eq(commandes.numero, numero)))
        .limit(1)
    ).length > 0
  )
}
