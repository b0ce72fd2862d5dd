// The order-line form's values and their two-way mapping to a CartLine; the valibot schema whose
// only check is src/domain's validateOrderLine (ordering-area §5): no rule is written here, this
// only moves fields between the form's shape (texts, checkboxes) and the line's.
import * as v from 'valibot'
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
  numContrat?: string | null
}

export const STEP_FIELDS: readonly (readonly FieldName[])[] = [
  ['quantiteCommande', 'numAdresse'],
  ['supplementations', 'mineraux'],
  ['numBatiment', 'codeTypeSilo1', 'codeTypeSilo2', 'codeTypeSilo3'],
  ['modeLibelle', 'datePrevueLivraison', 'finDatePrevueLivraison', 'matinApmidi', 'finMatinApmidi'],
]

const str = (x: unknown): string => (x === null || x === undefined ? '' : String(x))
export const formatQuantite = (n: number | null | undefined): string => (typeof n === 'number' && Number.isFinite(n) ? formatNombre(n).replace(/\s/g, '') : '')

/** The truck-mode label and option of a code (the form shows a label, then the option box). */
export function modeOfCode(code: string | null | undefined, modes: readonly ModeCamion[]): { modeLibelle: string; modeOption: boolean } {
  const m = modes.find((x) => x.code === (code || MODE_CAMION_DEFAUT)) ?? modes.find((x) => x.code === MODE_CAMION_DEFAUT)
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
}

/** The values of a new line (with the last dates and slots) or of a cart line being edited. */
export function initialValues(line: CartLine | null, modes: readonly ModeCamion[], minerals: readonly MineralValue[], d: Defaults = {}): OrderLineValues {
  const places = PLACE_FIELDS.map((f, i) => str(line ? line[f] : i === 0 ? d.codeTypeSilo1 : null))
  const chosen = new Map((line?.mineraux ?? []).map((m) => [m.numArticle, m]))
  const known = minerals.map((m) => ({ ...m, selected: chosen.has(m.numArticle), quantiteCommande: str(chosen.get(m.numArticle)?.quantiteCommande).replace('.', ',') }))
  // A mineral of an edited line that the article no longer offers stays, so the farmer sees it.
  const extra = [...chosen.values()].filter((m) => !minerals.some((k) => k.numArticle === m.numArticle))
    .map((m) => ({ numArticle: m.numArticle, libelleArticle: str(m.libelleArticle) || m.numArticle, codeTypeArticle: str(m.codeTypeArticle) || 'M', selected: true, quantiteCommande: str(m.quantiteCommande).replace('.', ',') }))
  return {
    quantiteCommande: formatQuantite(line ? line.quantiteCommande : d.quantiteCommande),
    numAdresse: line ? str(line.numAdresse) : (d.numAdresse ?? ''),
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

const place = (code: string, autre: string): string | null => (!code ? null : code === CODE_AUTRE_LIEU ? encodeAutreLieu(autre) : code)

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
    numContrat: article.numContrat ?? null,
    numAdresse: values.numAdresse ? Number(values.numAdresse) : null,
    numBatiment: values.numBatiment.trim() === '' ? null : /^\d+$/.test(values.numBatiment.trim()) ? Number(values.numBatiment) : values.numBatiment,
    quantiteCommande: q,
    supplementations: supplementations.filter((s) => values.supplementations.includes(s.numArticle)),
    mineraux: values.mineraux
      .filter((m) => m.selected)
      .map((m) => ({ numArticle: m.numArticle, libelleArticle: m.libelleArticle, codeTypeArticle: m.codeTypeArticle, quantiteCommande: parseQuantityInput(m.quantiteCommande) ?? m.quantiteCommande })),
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
export function formField(field: string, values: OrderLineValues): FieldName | null {
  if (field === 'codeModeCamion') return 'modeLibelle'
  if (field === 'numArticle') return null
  if (field.startsWith('mineraux.')) {
    const i = values.mineraux.findIndex((m) => m.numArticle === field.slice('mineraux.'.length))
    return i >= 0 ? `mineraux.${i}.quantiteCommande` : 'mineraux'
  }
  return field as FieldName
}

export interface FormContext {
  rules: OrderLineContext
  article: LineArticle
  supplementations: readonly Supplementation[]
  modes: readonly ModeCamion[]
  idLigne: string
}

const Shape = v.object({
  quantiteCommande: v.string(),
  numAdresse: v.string(),
  supplementations: v.array(v.string()),
  mineraux: v.array(v.object({ numArticle: v.string(), libelleArticle: v.string(), codeTypeArticle: v.string(), selected: v.boolean(), quantiteCommande: v.string() })),
  numBatiment: v.string(),
  codeTypeSilo1: v.string(),
  codeTypeSilo2: v.string(),
  codeTypeSilo3: v.string(),
  autre1: v.string(),
  autre2: v.string(),
  autre3: v.string(),
  modeLibelle: v.string(),
  modeOption: v.boolean(),
  datePrevueLivraison: v.string(),
  finDatePrevueLivraison: v.string(),
  matinApmidi: v.string(),
  finMatinApmidi: v.string(),
})

/**
 * The form's schema: the shape, then validateOrderLine on the line it describes. The context
 * (cart, parameters, the address check…) changes while the form is open, so it is read at each
 * validation through `current`.
 */
export function orderLineSchema(current: () => FormContext) {
  return v.pipe(
    Shape,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const values = dataset.value as OrderLineValues
      const ctx = current()
      const line = toCartLine(values, ctx.article, ctx.supplementations, ctx.modes, ctx.idLigne)
      for (const e of validateOrderLine(line, ctx.rules)) {
        const name = formField(e.field, values)
        if (!name) continue
        const keys = name.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k))
        const path = keys.map((key) => ({ type: 'object', origin: 'value', input: values, key, value: undefined }))
        addIssue({ message: e.message, path: path as unknown as [v.ObjectPathItem] })
      }
    }),
  )
}
