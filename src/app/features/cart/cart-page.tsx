// spec: main.catalog.cart.view — the cart, step 1 (cart-orders-admin §2 "Cart screen", §4 "Cart
// flow", §5). Everything here reads and writes the Dexie cart: it works with no network at all;
// labels come from the reference data kept by the query cache. The rules are src/domain's.
import { tiersQueryOptions } from '../../../api/tiers'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { DateTime } from 'luxon'
import { keepPaymentTerms } from '../../../api/paiement'
import { parametresCommandeQueryOptions } from '../../../api/parametres-commande'
import { referentielQueryOptions } from '../../../api/referentiel'
import { mixingKey, offeredPredefinedComments, showsMixing } from '../../../domain/cart'
import {
  checkCartStoragePlaces,
  linesWithInvalidDates,
  nextStep,
  type CartDatesContext,
} from '../../../domain/cart-checks'
import { MESSAGES } from '../../../domain/constants'
import type { CommentairesPanier } from '../../../domain/submission'
import type { CartLine } from '../../../domain/types'
import { useShownAfter } from '../../ui/use-shown-after'
import { clearMixingAfterEdit, deleteCartLine, emptyCart, saveCartComments, setCartMixing } from '../../../offline/cart'
import { useCartComments, useCartLines } from '../../../offline/cart-live'
import { CartGroups } from '../../ui/cart-groups'
import { CartTotal } from '../../ui/cart-total'
import { HelpButton } from '../../ui/help-button'
import { ConfirmDialog } from '../../ui/modal'
import { parisNow } from '../../ui/now'
import { useLineLabels } from '../../ui/line-labels'
import { EditOrderLine } from '../../ui/order-line-button'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { useOnline } from '../../ui/use-online'
import { CartComments } from './cart-comments'
import { CartLineCard, type LineIssue } from './cart-line'
import { NextStepDialogs, type FlowDialog } from './next-step-dialogs'

interface Props {
  owner: string
  numTiers: string
  /** When the session signed in: the pivot rule's extra delay depends on it. */
  loginAt?: string | null
}

const OUTLINE =
  'touch-target inline-flex items-center justify-center rounded-full border-2 px-5 text-base font-semibold'

export function CartPage({ owner, numTiers, loginAt }: Props) {
  const lines = useCartLines(owner, numTiers)
  const loadingShown = useShownAfter(lines === undefined)
  const comments = useCartComments(owner, numTiers)
  const labels = useLineLabels(numTiers)
  const referentiel = useQuery(referentielQueryOptions(numTiers)).data
  const member = useQuery(tiersQueryOptions(numTiers)).data
  const params = useQuery(parametresCommandeQueryOptions(numTiers)).data
  const online = useOnline()
  const navigate = useNavigate()
  const router = useRouter()
  // Read at the first render, before the router marks this screen resolved: the screen we came from.
  const [from] = useState(() => router.state.resolvedLocation?.pathname ?? null)
  const [editing, setEditing] = useState<CartLine | null>(null)
  const [deleting, setDeleting] = useState<CartLine | null>(null)
  const [emptying, setEmptying] = useState(false)
  const [dialog, setDialog] = useState<FlowDialog>(null)
  const typed = useRef<CommentairesPanier | null>(null)
  // The mixing set just toggled shows its new state at once, until Dexie's answer re-renders it.
  const [mixing, setMixingShown] = useState<{ key: string; value: boolean } | null>(null)
  useEffect(() => setMixingShown(null), [lines])
  // The payment step's proposals, fetched while the farmer still has signal: kept in the persisted
  // query cache, they let step 2 work offline with the proposals known for each line.
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!lines?.length) return
    keepPaymentTerms(queryClient, numTiers, lines)
  }, [lines, numTiers, queryClient])

  const ctx = useMemo<CartDatesContext>(
    () => ({
      now: parisNow(),
      params,
      sessionStart: loginAt ? DateTime.fromISO(loginAt) : null,
      modesCamion: referentiel?.modesCamion,
    }),
    // A new clock reading each time the lines change is enough: the cart is not a timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, params, loginAt, referentiel],
  )
  const all = useMemo(() => lines ?? [], [lines])
  const invalidDates = useMemo(() => new Set(linesWithInvalidDates(all, ctx)), [all, ctx])
  const storage = useMemo(() => checkCartStoragePlaces(all), [all])
  const predefined = offeredPredefinedComments(referentiel?.commentairesPredefinis ?? [], all).map((c) => c.libelle)

  const issuesOf = (l: CartLine): LineIssue[] => [
    ...(invalidDates.has(l.idLigne) ? [{ message: MESSAGES.delaiTropCourt, level: 'erreur' as const }] : []),
    ...storage.erreurs
      .filter((i) => i.idLigne === l.idLigne)
      .map((i) => ({ message: i.message, level: 'erreur' as const })),
    ...storage.avertissements
      .filter((i) => i.idLigne === l.idLigne)
      .map((i) => ({ message: i.message, level: 'avertissement' as const })),
    ...storage.lieuxVides
      .filter((i) => i.idLigne === l.idLigne)
      .map((i) => ({ message: i.message, level: 'erreur' as const })),
  ]

  const saveComments = (next: CommentairesPanier) => {
    typed.current = next
    void saveCartComments(owner, numTiers, next).catch(console.error)
  }

  /** 'Etape suivante': save the comments, then dates, then storage places (src/domain nextStep). */
  const goNext = async (confirmed = false) => {
    // A predefined comment no longer offered (its line was removed) is not sent.
    const current = typed.current ?? comments ?? {}
    const kept = Object.fromEntries(Object.entries(current).filter(([k]) => k === 'libre' || predefined.includes(k)))
    await saveCartComments(owner, numTiers, kept)
    const step = nextStep(all, { ...ctx, now: parisNow() }, confirmed)
    if (step.kind === 'paiement') {
      setDialog(null)
      await navigate({ to: '/catalog/cart/validPanier' })
    } else if (step.kind === 'dates') setDialog({ kind: 'dates', idLignes: step.idLignes })
    else {
      const issues =
        step.kind === 'erreur'
          ? step.check.erreurs
          : step.kind === 'avertissement'
            ? step.check.avertissements
            : step.check.lieuxVides
      setDialog({ kind: step.kind, idLignes: [...new Set(issues.flatMap((i) => [i.idLigne, ...i.avec]))] })
    }
  }

  // Back when we came from a catalog screen, else the catalog (§2).
  const continueOrder = () => {
    if (from?.startsWith('/catalog') && !from.startsWith('/catalog/cart')) router.history.back()
    else void navigate({ to: '/catalog' })
  }

  const continueButton = (
    <button type="button" onClick={continueOrder} className={`${OUTLINE} border-silo-green text-silo-green`}>
      Continuer ma commande
    </button>
  )

  return (
    <>
      <PageHeading actions={<HelpButton cle="VALID-PANIER" label="Aide : votre panier" />}>Mon panier</PageHeading>
      {/* Staff keep a cart per member (an adviser's round: issue 52): whose this one is. */}
      {owner !== numTiers && (
        <p className="mb-3 text-base font-semibold">
          Panier de {member?.raisonSociale ?? 'l’adhérent'} (N° {numTiers})
        </p>
      )}
      {!online && (
        <p
          role="status"
          className="mb-4 rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950"
        >
          Hors connexion : votre panier est enregistré sur cet appareil.
        </p>
      )}
      {lines === undefined ? (
        <p role="status" className="text-base">
          {loadingShown ? 'Chargement du panier…' : null}
        </p>
      ) : lines.length === 0 ? (
        <>
          <EmptyState>{MESSAGES.panierVide}</EmptyState>
          <div className="mt-4">{continueButton}</div>
        </>
      ) : (
        <>
          <CartGroups
            lines={lines}
            labels={labels}
            idPrefix="groupe"
            renderLine={(l) => (
              <CartLineCard
                key={l.idLigne}
                line={mixing && mixingKey(l) === mixing.key ? { ...l, melangeDechargement: mixing.value } : l}
                labels={labels}
                issues={issuesOf(l)}
                mixing={showsMixing(l, lines)}
                onMixing={(v) => {
                  const key = mixingKey(l)
                  if (key) setMixingShown({ key, value: v })
                  void setCartMixing(owner, numTiers, l.idLigne, v)
                }}
                onEdit={() => setEditing(l)}
                onDelete={() => setDeleting(l)}
              />
            )}
          />
          <CartTotal lines={all} />
          {comments !== undefined && (
            <CartComments
              key={`${owner}|${numTiers}`}
              predefined={predefined}
              initial={comments}
              onChange={saveComments}
            />
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-between">
            <button
              type="button"
              onClick={() => setEmptying(true)}
              className={`${OUTLINE} border-red-800 text-red-800`}
            >
              Vider le panier
            </button>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              {continueButton}
              <button
                type="button"
                onClick={() => void goNext()}
                className="touch-target inline-flex items-center justify-center rounded-full bg-silo-green px-6 text-lg font-bold text-white"
              >
                Etape suivante
              </button>
            </div>
          </div>
        </>
      )}
      {editing && (
        <EditOrderLine
          line={editing}
          onClose={(saved) => {
            const before = editing
            setEditing(null)
            if (saved) void clearMixingAfterEdit(owner, numTiers, before).catch(console.error)
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer la ligne ?"
        message={MESSAGES.supprimerLigne}
        onAnswer={(yes) => {
          if (yes && deleting) void deleteCartLine(owner, numTiers, deleting.idLigne)
          setDeleting(null)
        }}
      />
      <ConfirmDialog
        open={emptying}
        title="Vider le panier ?"
        message={MESSAGES.viderPanier}
        onAnswer={(yes) => {
          if (yes) void emptyCart(owner, numTiers)
          setEmptying(false)
        }}
      />
      <NextStepDialogs
        dialog={dialog}
        lines={all}
        onClose={() => setDialog(null)}
        onConfirm={() => void goNext(true)}
      />
    </>
  )
}
