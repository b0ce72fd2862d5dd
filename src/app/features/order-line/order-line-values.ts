// The order-line form's values and their two-way mapping to a CartLine; the resolver whose only
// check is src/domain's validateOrderLine (ordering-area §5): no rule is written here, this only
// moves fields between the form's shape (texts, checkboxes) and the line's.
import { toNestErrors } from '@hookform/resolvers'
import type { FieldError, Resolver } from 'react-hook-form'
import { CODE_AUTRE_LIEU, CRENEAU_DEFAUT, MODE_CAMION_DEFAUT, UNITE_DEFAUT } from '../../../domain/constants'
import { formatNombre } from '../../../domain/format'
import { validateOrderLine, type OrderLineContext } from '../../../domain/order-line'
import { parseQuantityInput } from '../../../domain/quantity'
import { autreLieuTexte, encodeAutreLieu, isAutreLieu, PLACE_FIELDS } from '../../../domain/storage-places'
import { resolveCodeModeCamion } from '../../../domain/truck-mode'
import type { CartLine, ModeCamion, Supplementation } from '../../../domain/types'

export interface MineralValue {
  numArticle: string
  libelleArticle: string
  codeTypeArticle: string
  selected: boolean
  /** The percentage as typed (comma decimals). */
  quantiteCommande: string
}

export interface OrderLineValues {
  quantiteCommande: string
  numAdresse: string
  /** The forward contract the line is drawn on ('' none): a simple feed may then reach 29 t. */
  numContrat: string
  supplementations: string[]
  mineraux: MineralValue[]
  numBatiment: string
  codeTypeSilo1: string
  codeTypeSilo2: string
  codeTypeSilo3: string
  /** The farmer's words when the place is Autre (997). */
  autre1: string
  autre2: string
  autre3: string
  modeLibelle: string
  modeOption: boolean
  datePrevueLivraison: string
  finDatePrevueLivraison: string
  matinApmidi: string
  finMatinApmidi: string
}

export type FieldName = keyof OrderLineValues | `mineraux.${number}.quantiteCommande`

/** What the line is about, besides what the farmer types: the article, and a lot or contract. */
export interface LineArticle {
  numArticle: string
  libelleArticle: string
  codeTypeArticle: string
  codeFamilleArticle: string | null
  codeDepartement: string | null
  codeFiliere: string | null
  numLot?: string | null
  numExploitation?: string | null
}

export const STEP_FIELDS: readonly (readonly FieldName[])[] = [
  ['quantiteCommande', 'numContrat', 'numAdresse'],
  ['supplementations', 'mineraux'],
  ['numBatiment', 'codeTypeSilo1', 'codeTypeSilo2', 'codeTypeSilo3'],
  ['modeLibelle', 'datePrevueLivraison', 'finDatePrevueLivraison', 'matinApmidi', 'finMatinApmidi'],
]

const str = (x: unknown): string => (x === null || x === undefined ? '' : String(x))
export const formatQuantite = (n: number | null | undefined): string =>
  typeof n === 'number' && Number.isFinite(n) ? formatNombre(n).replace(/\s/g, '') : ''

/** The truck-mode label and option of a code (the form shows a label, then the option box). */
function modeOfCode(
  code: string | null | undefined,
  modes: readonly ModeCamion[],
): { modeLibelle: string; modeOption: boolean } {
  const m =
    modes.find((x) => x.code === (code || MODE_CAMION_DEFAUT)) ?? modes.find((x) => x.code === MODE_CAMION_DEFAUT)
  return { modeLibelle: m?.libelle ?? '', modeOption: Boolean(m?.libelleOption) }
}

export interface Defaults {
  numAdresse?: string
  numBatiment?: string
  datePrevueLivraison?: string
  finDatePrevueLivraison?: string
  matinApmidi?: string
  finMatinApmidi?: string
  /** An advised order's quantity, truck mode and first storage place (feed forecasts). */
  quantiteCommande?: number
  codeModeCamion?: string
  codeTypeSilo1?: string
  /** The contract the line is ordered on (the Contrats screen's "Commander sur ce contrat"). */
  numContrat?: string | null
}

/** The values of a new line (with the last dates and slots) or of a cart line being edited. */
export function initialValues(
  line: CartLine | null,
  modes: readonly ModeCamion[],
  minerals: readonly MineralValue[],
  d: Defaults = {},
): OrderLineValues {
  const places = PLACE_FIELDS.map((f, i) => str(line ? line[f] : i === 0 ? d.codeTypeSilo1 : null))
  const chosen = new Map((line?.mineraux ?? []).map((m) => [m.numArticle, m]))
  const known = minerals.map((m) => ({
    ...m,
    selected: chosen.has(m.numArticle),
    quantiteCommande: str(chosen.get(m.numArticle)?.quantiteCommande).replace('.', ','),
  }))
  // A mineral of an edited line that the article no longer offers stays, so the farmer sees it.
  const extra = [...chosen.values()]
    .filter((m) => !minerals.some((k) => k.numArticle === m.numArticle))
    .map((m) => ({
      numArticle: m.numArticle,
      libelleArticle: str(m.libelleArticle) || m.numArticle,
      codeTypeArticle: str(m.codeTypeArticle) || 'M',
      selected: true,
      quantiteCommande: str(m.quantiteCommande).replace('.', ','),
    }))
  return {
    quantiteCommande: formatQuantite(line ? line.quantiteCommande : d.quantiteCommande),
    numAdresse: line ? str(line.numAdresse) : (d.numAdresse ?? ''),
    numContrat: str(line ? line.numContrat : d.numContrat),
    supplementations: (line?.supplementations ?? []).map((s) => s.numArticle),
    mineraux: [...known, ...extra],
    numBatiment: line ? str(line.numBatiment) : (d.numBatiment ?? ''),
    codeTypeSilo1: isAutreLieu(places[0]) ? CODE_AUTRE_LIEU : places[0]!,
    codeTypeSilo2: isAutreLieu(places[1]) ? CODE_AUTRE_LIEU : places[1]!,
    codeTypeSilo3: isAutreLieu(places[2]) ? CODE_AUTRE_LIEU : places[2]!,
    autre1: autreLieuTexte(places[0]),
    autre2: autreLieuTexte(places[1]),
    autre3: autreLieuTexte(places[2]),
    ...modeOfCode(line ? line.codeModeCamion : d.codeModeCamion, modes),
    datePrevueLivraison: line ? str(line.datePrevueLivraison) : (d.datePrevueLivraison ?? ''),
    finDatePrevueLivraison: line ? str(line.finDatePrevueLivraison) : (d.finDatePrevueLivraison ?? ''),
    matinApmidi: line ? str(line.matinApmidi) : (d.matinApmidi ?? CRENEAU_DEFAUT),
    finMatinApmidi: line ? str(line.finMatinApmidi) : (d.finMatinApmidi ?? CRENEAU_DEFAUT),
  }
}

const place = (code: string, autre: string): string | null =>
  !code ? null : code === CODE_AUTRE_LIEU ? encodeAutreLieu(autre) : code

/** The cart line the values describe (without idLigne when new). */
export function toCartLine(
  values: OrderLineValues,
  article: LineArticle,
  supplementations: readonly Supplementation[],
  modes: readonly ModeCamion[],
  idLigne = '',
): CartLine {
  const q = parseQuantityInput(values.quantiteCommande)
  return {
    idLigne,
    numArticle: article.numArticle,
    libelleArticle: article.libelleArticle,
    codeTypeArticle: article.codeTypeArticle,
    codeFamilleArticle: article.codeFamilleArticle,
    codeDepartement: article.codeDepartement,
    codeFiliere: article.codeFiliere,
    codeUniteArticle: UNITE_DEFAUT,
    numLot: article.numLot ?? null,
    numExploitation: article.numExploitation ?? null,
    numContrat: values.numContrat || null,
    numAdresse: values.numAdresse ? Number(values.numAdresse) : null,
    numBatiment:
      values.numBatiment.trim() === ''
        ? null
        : /^\d+$/.test(values.numBatiment.trim())
          ? Number(values.numBatiment)
          : values.numBatiment,
    quantiteCommande: q,
    supplementations: supplementations.filter((s) => values.supplementations.includes(s.numArticle)),
    mineraux: values.mineraux
      .filter((m) => m.selected)
      .map((m) => ({
        numArticle: m.numArticle,
        libelleArticle: m.libelleArticle,
        codeTypeArticle: m.codeTypeArticle,
        quantiteCommande: parseQuantityInput(m.quantiteCommande) ?? m.quantiteCommande,
      })),
    codeTypeSilo1: place(values.codeTypeSilo1, values.autre1),
    codeTypeSilo2: values.codeTypeSilo1 ? place(values.codeTypeSilo2, values.autre2) : null,
    codeTypeSilo3: values.codeTypeSilo1 && values.codeTypeSilo2 ? place(values.codeTypeSilo3, values.autre3) : null,
    codeModeCamion: resolveCodeModeCamion([...modes], values.modeLibelle || null, values.modeOption),
    datePrevueLivraison: values.datePrevueLivraison || null,
    finDatePrevueLivraison: values.finDatePrevueLivraison || null,
    matinApmidi: values.matinApmidi || null,
    finMatinApmidi: values.finMatinApmidi || null,
  }
}

/** Where the form shows a rule's message (the line's field names → the form's). */
function formField(field: string, values: OrderLineValues): FieldName | null {
  if (field === 'codeModeCamion') return 'modeLibelle'
  if (field === 'numArticle') return null
  if (field.startsWith('mineraux.')) {
    const i = values.mineraux.findIndex((m) => m.numArticle === field.slice('mineraux.'.length))
    return i >= 0 ? `mineraux.${i}.quantiteCommande` : 'mineraux'
  }
  return field as FieldName
}

export interface FormContext {
  /** The rules' context but the building, which follows the form's numBatiment. */
  rules: Omit<OrderLineContext, 'batiment'>
  batiments: readonly NonNullable<OrderLineContext['batiment']>[]
  article: LineArticle
  supplementations: readonly Supplementation[]
  modes: readonly ModeCamion[]
  idLigne: string
}

/**
 * The form's resolver: src/domain's validateOrderLine on the line the values describe, with the
 * context of the moment (react-hook-form's `context`, given at each render: the cart's other
 * lines, the parameters, the address check…); each message under the form's field it is about.
 */
export const orderLineResolver: Resolver<OrderLineValues, FormContext> = (values, ctx, options) => {
  if (!ctx) throw new Error('orderLineResolver : le contexte du formulaire manque (useForm({ context }))')
  const line = toCartLine(values, ctx.article, ctx.supplementations, ctx.modes, ctx.idLigne)
  const errors: Record<string, FieldError> = {}
  const batiment = ctx.batiments.find((b) => String(b.numBatiment) === values.numBatiment) ?? null
  for (const e of validateOrderLine(line, { ...ctx.rules, batiment })) {
    const name = formField(e.field, values)
    if (name && !errors[name]) errors[name] = { type: 'validate', message: e.message }
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors: toNestErrors(errors, options) } : { values, errors: {} }
}
