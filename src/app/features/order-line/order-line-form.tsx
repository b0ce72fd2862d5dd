// The steps of the order-line form and their buttons. react-hook-form holds the values; its
// resolver runs src/domain's validateOrderLine with the context of the moment (the cart's other
// lines, the parameters, the address check…). The data comes from the dialog, loaded once there.
import { useEffect, useRef, useState } from 'react'
import { useForm, type FieldErrors } from 'react-hook-form'
import type { DateTime } from 'luxon'
import { placeOverlapWarnings } from '../../../domain/cart-checks'
import { MESSAGES } from '../../../domain/constants'
import { needsEarlyStartConfirmation } from '../../../domain/delivery-window'
import { mineralMax } from '../../../domain/minerals'
import { orderLineQuantityBounds } from '../../../domain/order-line'
import { isAlimentSimple } from '../../../domain/quantity'
import type { CartLine } from '../../../domain/types'
import { ConfirmDialog } from '../../ui/modal'
import { parisNow } from '../../ui/now'
import { FILLED_BUTTON, OUTLINE_BUTTON } from './fields'
import { DeliveryStep } from './delivery-step'
import { confirmEarlyStart, isEarlyStartConfirmed } from '../../ui/early-starts'
import {
  orderLineResolver,
  STEP_FIELDS,
  toCartLine,
  type FieldName,
  type FormContext,
  type LineArticle,
  type OrderLineValues,
} from './order-line-values'
import { ProductStep } from './product-step'
import { StorageStep } from './storage-step'
import { SupplementsStep } from './supplements-step'
import type { OrderLineData } from './use-order-line-data'

interface Props {
  data: OrderLineData
  /** The address chosen: the dialog loads its delivery constraints and address check. */
  onAddressChange: (numAdresse: string) => void
  article: LineArticle
  idLigne: string
  defaults: OrderLineValues
  sessionStart: DateTime | null
  isPhone: boolean
  submitLabel: string
  showBuilding: boolean
  mineralMaxDefault: number
  onDirty: (dirty: boolean) => void
  onCancel: () => void
  onSave: (line: CartLine) => Promise<void>
}

const STEP_NAMES = ['Produit', 'Supplémentations et minéraux', 'Stockage', 'Livraison']
/** Which of the four sections each step shows: on phones the first three are one step. */
const GROUPS = { phone: [[0, 1, 2], [3]], wide: [[0], [1], [2], [3]] } as const

export function OrderLineForm(props: Props) {
  const {
    data,
    onAddressChange,
    article,
    idLigne,
    defaults,
    sessionStart,
    isPhone,
    submitLabel,
    showBuilding,
    onDirty,
    onCancel,
    onSave,
  } = props
  const now = parisNow()
  const context: FormContext = {
    article,
    supplementations: data.supplementations,
    modes: data.modes,
    idLigne,
    batiments: data.batiments,
    rules: {
      now,
      params: data.params,
      sessionStart,
      contraintesArticle: data.contraintesArticle,
      alimentSimple: isAlimentSimple(data.article),
      contraintesLivraison: data.contraintesLivraison,
      modesCamion: data.modes,
      otherLines: (data.cart ?? []).filter((l) => l.idLigne !== idLigne),
      adresses: data.adresses.length ? data.adresses : null,
      adresseCompatible: data.adresseCompatible,
    },
  }
  const form = useForm<OrderLineValues, FormContext>({
    defaultValues: defaults,
    resolver: orderLineResolver,
    context,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  })
  const [numAdresse, modeLibelle, modeOption] = form.watch(['numAdresse', 'modeLibelle', 'modeOption'])
  useEffect(() => onAddressChange(numAdresse), [numAdresse, onAddressChange])
  const [index, setIndex] = useState(0)
  const [saving, setSaving] = useState(false)
  const bodyRef = useRef<HTMLDivElement>(null)
  const groups = isPhone ? GROUPS.phone : GROUPS.wide
  const current = Math.min(index, groups.length - 1)
  const sections = groups[current] as readonly number[]
  const isLast = current === groups.length - 1

  const line = toCartLine(form.watch(), article, data.supplementations, data.modes, idLigne)
  const windowCtx = {
    now,
    params: data.params,
    sessionStart,
    contraintesLivraison: data.contraintesLivraison,
    codeFamilleArticle: article.codeFamilleArticle,
    codeModeCamion: line.codeModeCamion,
    modesCamion: data.modes,
  }

  const { isDirty } = form.formState
  useEffect(() => {
    onDirty(isDirty)
  }, [isDirty, onDirty])
  // The address check answers after the choice: show its message as soon as it is known.
  useEffect(() => {
    if (form.formState.touchedFields.numAdresse || form.getFieldState('numAdresse').error)
      void form.trigger('numAdresse')
  }, [data.adresseCompatible, form])
  // A truck mode with a longer delay moves the first allowed date: re-check filled dates.
  useEffect(() => {
    if (form.getValues('datePrevueLivraison'))
      void form.trigger(['datePrevueLivraison', 'finDatePrevueLivraison', 'modeLibelle'])
  }, [modeLibelle, modeOption, form])

  const show = (i: number) => {
    setIndex(i)
    bodyRef.current?.scrollTo?.({ top: 0 })
    // On a screen short for its text the whole form scrolls as one (styles.css, issue 51).
    bodyRef.current?.closest('.order-line-frame')?.scrollTo?.({ top: 0 })
  }
  const fieldsOf = (g: readonly number[]): FieldName[] => g.flatMap((s) => [...(STEP_FIELDS[s] ?? [])])
  const next = async () => {
    if (await form.trigger(fieldsOf(sections), { shouldFocus: true })) show(current + 1)
  }
  const onInvalid = (errors: FieldErrors<OrderLineValues>) => {
    // The first step holding an error opens (the farmer may have come back and changed it).
    const keys = Object.keys(errors)
    const step = groups.findIndex((g) => fieldsOf(g).some((f) => keys.includes(f.split('.')[0]!)))
    if (step >= 0 && step !== current) show(step)
  }
  const save = async (values: OrderLineValues) => {
    setSaving(true)
    try {
      await onSave(toCartLine(values, article, data.supplementations, data.modes, idLigne))
    } finally {
      setSaving(false)
    }
  }
  // 'Période anticipée' is asked whenever the start is early (ordering-area §5), not only when the
  // farmer types it: an advice's window opens on the first allowed day, and dates carried over
  // from the last line become early as days pass (issue 51). Asked once, as the line is added,
  // unless the farmer already said yes to this very date (early-starts.ts).
  const [askEarly, setAskEarly] = useState<OrderLineValues | null>(null)
  const submit = form.handleSubmit(async (values) => {
    const start = values.datePrevueLivraison
    if (!isEarlyStartConfirmed(start) && needsEarlyStartConfirmation(start, windowCtx)) setAskEarly(values)
    else await save(values)
  }, onInvalid)
  const answerEarly = (yes: boolean) => {
    const values = askEarly
    setAskEarly(null)
    if (!values) return
    if (yes) {
      confirmEarlyStart(values.datePrevueLivraison)
      void save(values)
    } else form.setValue('datePrevueLivraison', '', { shouldDirty: true, shouldValidate: true })
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-1 flex-col">
      <nav aria-label="Étapes de la saisie" className="px-4 pt-2">
        <ol className="flex gap-2 text-sm">
          {groups.map((g, i) => (
            <li
              key={i}
              aria-current={i === current ? 'step' : undefined}
              // On a phone the current step's name is the only one shown: its bar takes three
              // shares, and the name is never over 5 % of the screen's width ("Supplémentations"
              // ran past a 320px screen at 200 %, issue 51).
              className={`min-w-0 flex-1 border-b-4 pb-1 text-[length:min(0.875rem,5vw)] ${i <= current ? 'border-silo-green' : 'border-neutral-300'} ${i === current ? 'font-bold max-sm:grow-[3]' : ''}`}
            >
              <span className="sr-only">
                Étape {i + 1} sur {groups.length} :{' '}
              </span>
              <span className={i === current ? '' : 'sr-only sm:not-sr-only'}>
                {g.map((s) => STEP_NAMES[s]).join(', ')}
              </span>
            </li>
          ))}
        </ol>
      </nav>
      <div ref={bodyRef} className="order-line-body min-h-0 flex-1 overflow-y-auto px-4 py-3">
        <p className="mb-3 mt-2 text-sm text-neutral-800">Les champs marqués * sont obligatoires.</p>
        {data.notes.length > 0 && (
          // The status wraps the list: role="status" on the <ul> itself would take its list role
          // away and leave the items outside any list (axe: listitem).
          <div role="status">
            <ul className="mb-3 grid gap-1 rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950">
              {data.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="grid gap-4">
          {sections.includes(0) && (
            <ProductStep
              form={form}
              bounds={orderLineQuantityBounds(line, context.rules)}
              alimentSimple={context.rules.alimentSimple ? { avecContrat: Boolean(line.numContrat) } : null}
              adresses={data.adresses}
              contrats={data.contrats}
              numContrat={line.numContrat ?? null}
            />
          )}
          {sections.includes(1) && (
            <SupplementsStep
              form={form}
              supplementations={data.supplementations}
              unknown={data.supplementsUnknown}
              mineralMax={mineralMax(data.contraintesArticle, data.params.quantiteMaxMineral)}
            />
          )}
          {sections.includes(2) && (
            <StorageStep
              form={form}
              showBuilding={showBuilding}
              batiments={data.batiments}
              typesSilo={data.referentiel?.typesSilo ?? []}
              typesSiloDefault={data.params.typesSiloDefault}
              warnings={placeOverlapWarnings(line, data.cart ?? [])}
            />
          )}
          {sections.includes(3) && (
            <DeliveryStep
              form={form}
              modes={data.modes}
              periodes={data.referentiel?.periodesLivraison ?? []}
              windowCtx={windowCtx}
              onEarlyConfirmed={confirmEarlyStart}
            />
          )}
        </div>
      </div>
      <footer className="flex flex-wrap items-center justify-end gap-2 border-t-2 border-neutral-200 px-4 py-3">
        <button type="button" onClick={onCancel} className={`${OUTLINE_BUTTON} mr-auto`}>
          Annuler
        </button>
        {current > 0 && (
          <button type="button" onClick={() => show(current - 1)} className={OUTLINE_BUTTON}>
            Précédent
          </button>
        )}
        {/* Distinct keys: a reused node would turn into the submit button during the click
            on Suivant (the step changes before the click's default action) and submit the form. */}
        {isLast ? (
          <button key="submit" type="submit" disabled={saving} className={`${FILLED_BUTTON} grow md:grow-0`}>
            {submitLabel}
          </button>
        ) : (
          <button key="next" type="button" onClick={() => void next()} className={`${FILLED_BUTTON} grow md:grow-0`}>
            Suivant
          </button>
        )}
      </footer>
      <ConfirmDialog
        open={askEarly !== null}
        title={MESSAGES.periodeAnticipeeTitre}
        message={MESSAGES.periodeAnticipee}
        onAnswer={answerEarly}
      />
    </form>
  )
}
