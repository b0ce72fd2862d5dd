// The order-line form (ordering-area §2 "Order-line form", §5): full screen on phones, a large
// dialog on tablets, over the screen it was opened from. Steps Produit, Supplémentations et
// minéraux, Stockage, Livraison (on phones the first three are one step); forward only when the
// step has no errors, back always; Annuler and leaving by navigation ask first. The line goes
// into the Dexie cart: nothing here needs the network once the data was loaded once.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useQueryClient } from '@tanstack/react-query'
import { useBlocker } from '@tanstack/react-router'
import { DateTime } from 'luxon'
import { showsBuildingField } from '../../../domain/articles'
import { MESSAGES, MODE_CAMION_DEFAUT } from '../../../domain/constants'
import { firstAllowedDateFor } from '../../../domain/delivery-window'
import { mineralMax } from '../../../domain/minerals'
import type { CartLine } from '../../../domain/types'
import type { OrderPrefill } from '../../ui/order-line-slot'
import { addCartLines, readLastDelivery, saveLastDelivery, updateCartLine } from '../../../offline/cart'
import { askPersistentStorage } from '../../../offline/persistent-storage'
import { keepPaymentTerms } from '../../../api/paiement'
import { ConfirmDialog } from '../../ui/modal'
import { useHoldUpdates } from '../../pwa/update-holds'
import { parisNow } from '../../ui/now'
import { usePhone } from '../../ui/use-media'
import { initialValues, type LineArticle, type MineralValue } from './order-line-values'
import { OrderLineForm } from './order-line-form'
import { useOrderLineData } from './use-order-line-data'

/** What a catalog screen asks to order (the props of ui/order-line-slot's target). */
interface OrderLineTarget {
  numArticle: string
  libelle?: string | null
  libelleArticle?: string | null
  codeTypeArticle?: string | null
  numLot?: string | null
  numBatiment?: string | number | null
  numExploitation?: string | number | null
  numAdresse?: string | number | null
  numContrat?: string | null
  prefill?: OrderPrefill | null
}

export interface OrderLineDialogProps {
  owner: string
  numTiers: string
  /** When the session signed in (ISO instant): the pivot rule's extra delay depends on it. */
  loginAt?: string | null
  /** A new line for this article… */
  target?: OrderLineTarget | null
  /** …or a cart line to edit (saved with updateCartLine). */
  line?: CartLine | null
  onClose: (saved: boolean) => void
}

const str = (x: unknown) => (x === null || x === undefined ? '' : String(x))

export default function OrderLineDialog({ owner, numTiers, loginAt, target, line, onClose }: OrderLineDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const numArticle = line?.numArticle ?? target?.numArticle ?? ''
  const editing = Boolean(line)
  const queryClient = useQueryClient()
  // The address the form shows: its delivery constraints and address check are loaded with the rest.
  const [numAdresse, setNumAdresse] = useState(() => str(line?.numAdresse ?? target?.numAdresse))
  const data = useOrderLineData(
    owner,
    numTiers,
    numArticle,
    line?.codeTypeArticle ?? target?.codeTypeArticle ?? null,
    line?.numLot ?? target?.numLot ?? null,
    numAdresse,
  )
  const lastDelivery = useLiveQuery(async () => (await readLastDelivery(owner, numTiers)) ?? false, [owner, numTiers])
  const [asking, setAsking] = useState(false)
  const closing = useRef(false)
  const dirty = useRef(false)
  const isPhone = usePhone()
  // A new version waits while the form is open: switching reloads the page and loses the typing.
  useHoldUpdates()

  useEffect(() => {
    const d = ref.current
    if (d && !d.open) d.showModal()
    return () => d?.close()
  }, [])

  // Leaving by navigation (the back button, a link) asks first (§2).
  const blocker = useBlocker({
    shouldBlockFn: () => !closing.current,
    withResolver: true,
    enableBeforeUnload: () => dirty.current && !closing.current,
  })

  const a = data.article
  const article: LineArticle = {
    numArticle,
    libelleArticle: line?.libelleArticle ?? a?.libelle ?? target?.libelleArticle ?? target?.libelle ?? numArticle,
    codeTypeArticle: line?.codeTypeArticle ?? a?.codeTypeArticle ?? target?.codeTypeArticle ?? 'A',
    codeFamilleArticle: line?.codeFamilleArticle ?? a?.codeFamille ?? null,
    codeDepartement: line?.codeDepartement ?? a?.codeDepartement ?? null,
    codeFiliere: line?.codeFiliere ?? a?.codeFiliere ?? null,
    numLot: line?.numLot ?? target?.numLot ?? null,
    numExploitation: line
      ? (line.numExploitation ?? null)
      : target?.numExploitation != null
        ? String(target.numExploitation)
        : null,
  }
  const sessionStart = useMemo(() => (loginAt ? DateTime.fromISO(loginAt) : null), [loginAt])
  const ready = data.ready && lastDelivery !== undefined

  const defaults = useMemo(() => {
    if (!ready) return null
    const minerals: MineralValue[] = data.mineraux.map((m) => ({ ...m, selected: false, quantiteCommande: '' }))
    // An advised order (feed forecasts) brings its quantity, truck and place; dates as below.
    const p = target?.prefill
    // The last dates and slots chosen become the next line's defaults, while still possible for
    // this line: its truck mode and, when already known, its address's delay count.
    const first = firstAllowedDateFor({
      now: parisNow(),
      params: data.params,
      sessionStart,
      contraintesLivraison: data.contraintesLivraison,
      codeModeCamion: line?.codeModeCamion ?? p?.codeModeCamion ?? MODE_CAMION_DEFAUT,
      modesCamion: data.modes,
    })
    const last = lastDelivery && (lastDelivery.datePrevueLivraison ?? '') >= first ? lastDelivery : null
    const only = data.adresses.length === 1 ? str(data.adresses[0]?.numAdr) : ''
    return initialValues(line ?? null, data.modes, minerals, {
      numAdresse: numAdresse || only,
      numBatiment: str(target?.numBatiment),
      // The spec's defaults first, advised lines included (ordering-area §4: one truck for the
      // cart's lines); the advice's window and slots only when no dates were chosen yet.
      datePrevueLivraison: (last ? last.datePrevueLivraison : p?.datePrevueLivraison) ?? '',
      finDatePrevueLivraison: (last ? last.finDatePrevueLivraison : p?.finDatePrevueLivraison) ?? '',
      matinApmidi: (last ? last.matinApmidi : p?.matinApmidi) ?? undefined,
      finMatinApmidi: (last ? last.finMatinApmidi : p?.finMatinApmidi) ?? undefined,
      quantiteCommande: p?.quantiteCommande,
      codeModeCamion: p?.codeModeCamion ?? undefined,
      codeTypeSilo1: p?.codeTypeSilo1 ?? undefined,
      numContrat: target?.numContrat,
    })
    // Computed once, when the data first arrives: later refetches must not reset what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready])

  const close = (saved: boolean) => {
    closing.current = true
    ref.current?.close()
    onClose(saved)
  }

  const save = async (l: CartLine) => {
    closing.current = true
    const remembered = {
      datePrevueLivraison: l.datePrevueLivraison ?? null,
      finDatePrevueLivraison: l.finDatePrevueLivraison ?? null,
      matinApmidi: l.matinApmidi ?? null,
      finMatinApmidi: l.finMatinApmidi ?? null,
    }
    if (line) {
      await updateCartLine(owner, numTiers, { ...line, ...l, idLigne: line.idLigne })
    } else {
      if ((data.cart ?? []).length === 0) void askPersistentStorage()
      const { idLigne: _id, ...rest } = l
      await addCartLines(owner, numTiers, [rest])
    }
    await saveLastDelivery(owner, numTiers, remembered)
    keepPaymentTerms(queryClient, numTiers, [l])
    close(true)
  }

  const title = editing ? 'Modifier la commande' : 'Ajouter au panier'
  return (
    <dialog
      ref={ref}
      aria-labelledby="order-line-title"
      onCancel={(e) => {
        e.preventDefault()
        setAsking(true)
      }}
      className="order-line-dialog m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-neutral-900 backdrop:bg-black/60 md:m-auto md:h-auto md:max-h-[92dvh] md:max-w-3xl md:rounded-2xl"
    >
      <div className="order-line-frame flex h-full max-h-[inherit] flex-col">
        <header className="border-b-2 border-neutral-200 px-4 pt-3 pb-2">
          <h2 id="order-line-title" className="text-xl font-bold">
            {title}
          </h2>
          <p className="text-base font-semibold text-neutral-800">
            {article.libelleArticle} <span className="font-normal">— article {numArticle}</span>
          </p>
        </header>
        {ready && defaults ? (
          <OrderLineForm
            data={data}
            onAddressChange={setNumAdresse}
            article={article}
            idLigne={line?.idLigne ?? ''}
            defaults={defaults}
            sessionStart={sessionStart}
            isPhone={isPhone}
            submitLabel={editing ? 'Enregistrer' : 'Ajouter au panier'}
            showBuilding={showsBuildingField(article.codeDepartement, article.codeFiliere)}
            mineralMaxDefault={mineralMax(null, data.params.quantiteMaxMineral)}
            onDirty={(d) => {
              dirty.current = d
            }}
            onCancel={() => setAsking(true)}
            onSave={save}
          />
        ) : (
          <div className="grid flex-1 place-items-center p-6 text-base" role="status">
            {data.loadFailed ? (
              <div className="grid gap-3 text-center">
                <p>Hors connexion : les données nécessaires à la saisie n'ont jamais été chargées sur cet appareil.</p>
                <button
                  type="button"
                  onClick={() => close(false)}
                  className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green"
                >
                  Fermer
                </button>
              </div>
            ) : (
              'Chargement…'
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={asking || blocker.status === 'blocked'}
        title={MESSAGES.annulerTitre}
        message={MESSAGES.annuler}
        onAnswer={(yes) => {
          setAsking(false)
          if (blocker.status === 'blocked') {
            if (yes) {
              closing.current = true
              blocker.proceed()
              onClose(false)
            } else blocker.reset()
          } else if (yes) close(false)
        }}
      />
    </dialog>
  )
}
