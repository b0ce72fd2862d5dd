// spec: main.catalog.cart.validPanier — step 2, 'Validation règlement' (cart-orders-admin §2, §4
// "Payment line", §5, §6). The lines come from the Dexie cart, so the step works offline; a
// choice of mode is written to the cart line at once. 'Confirmer la commande' hands the order to
// the outbox (src/offline): it is emptied from the cart in the same transaction, and the
// confirmation page says whether the cooperative has received it yet.
import { roundProofFor } from '../../../api/round'
import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { meQueryOptions } from '../../../api/user'
import { tiersQueryOptions } from '../../../api/tiers'
import { canConfirm } from '../../../domain/cart'
import { DELAI_PAGE_CONFIRMATION_MS, MESSAGES } from '../../../domain/constants'
import {
  defaultDomiciliation,
  duplicatePaymentMode,
  selectPaymentMode,
  withPaymentSelection,
} from '../../../domain/payment'
import { canConfirmOrder, isFarmer } from '../../../domain/roles'
import { prepareOrder } from '../../../domain/submission'
import type { CartLine } from '../../../domain/types'
import { updateCartLine } from '../../../offline/cart'
import { useCartComments, useCartLines } from '../../../offline/cart-live'
import { confirmOrder, type ActingFor } from '../../../offline/outbox'
import { CartGroups } from '../../ui/cart-groups'
import { CartTotal } from '../../ui/cart-total'
import { HelpButton } from '../../ui/help-button'
import { useLineLabels } from '../../ui/line-labels'
import { Modal } from '../../ui/modal'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { useOnline } from '../../ui/use-online'
import { PaymentLine } from './payment-line'
import { useLineProposals } from './use-line-proposals'

interface Props {
  owner: string
  numTiers: string
  roles: readonly string[]
  /** The server lets this user act for members (GET /web/user/me). */
  agitPourAdherents: boolean
}

const OUTLINE =
  'touch-target inline-flex items-center justify-center rounded-full border-2 border-silo-green px-5 text-base font-semibold text-silo-green'
const NOTE =
  'mb-4 rounded-lg border-2 border-neutral-900 bg-silo-gold-light px-3 py-2 text-base font-semibold text-neutral-950'

/**
 * Staff acting for a member: the order keeps for whom it is and the server's proof of that choice
 * (issue 25), so it goes to this member even if another one is chosen before it leaves. The
 * profile is read again when this step opens (online, a fresh proof; offline, the last one).
 */
function useActingFor(roles: readonly string[], agitPourAdherents: boolean, numTiers: string): ActingFor | null {
  const staff = !isFarmer(roles) && agitPourAdherents
  const me = useQuery({ ...meQueryOptions(), enabled: staff }).data
  const tiers = useQuery({ ...tiersQueryOptions(numTiers), enabled: staff }).data
  if (!staff) return null
  // The member chosen on the server, or on this device in the adviser's round (api/round).
  const proof = me?.preuveChoix?.numTiers === numTiers ? me.preuveChoix.jeton : roundProofFor(numTiers)
  return { pour: { numTiers, raisonSociale: tiers?.raisonSociale ?? '' }, preuveChoix: proof }
}

export function PaymentPage({ owner, numTiers, roles, agitPourAdherents }: Props) {
  const lines = useCartLines(owner, numTiers)
  const comments = useCartComments(owner, numTiers)
  const labels = useLineLabels(numTiers)
  const online = useOnline()
  const navigate = useNavigate()
  const all = lines ?? []
  const proposals = useLineProposals(numTiers, all)
  const [unlocked, setUnlocked] = useState<ReadonlySet<string>>(new Set())
  const [duplicated, setDuplicated] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const acting = useActingFor(roles, agitPourAdherents, numTiers)

  const modesOf = (l: CartLine) => proposals[l.idLigne]?.modes ?? []
  // What will be sent: each line with its mode (the default one until the farmer picks another).
  const effective = all.map((l) => withPaymentSelection(l, modesOf(l)))
  const save = (line: CartLine) => void updateCartLine(owner, numTiers, line).catch(console.error)

  const chooseMode = (line: CartLine, codeRegt: string) => {
    const mode = modesOf(line).find((m) => m.codeRegt === codeRegt) ?? null
    save({
      ...line,
      codeReglement: codeRegt,
      numDomiciliationBancaire: defaultDomiciliation(mode, line.numDomiciliationBancaire),
    })
  }

  const duplicate = (idLigne: string) => {
    const byLine = Object.fromEntries(all.map((l) => [l.idLigne, modesOf(l)]))
    const { lines: next, message } = duplicatePaymentMode(effective, idLigne, byLine)
    next.forEach((l, i) => {
      const before = effective[i]!
      if (l.codeReglement !== before.codeReglement || l.numDomiciliationBancaire !== before.numDomiciliationBancaire)
        save(l)
    })
    setDuplicated(message)
  }

  // Loaded, and known: a line whose terms this device never saw waits for the network.
  const loaded = (l: CartLine) =>
    proposals[l.idLigne]?.etat !== 'chargement' && proposals[l.idLigne]?.etat !== 'inconnu'
  const unknownTerms = all.some((l) => proposals[l.idLigne]?.etat === 'inconnu')
  const enabled = !sending && canConfirm({ roles, lines: all, paymentLoaded: loaded })

  const confirm = async () => {
    if (!enabled) return
    setSending(true)
    setFailure(null)
    try {
      const envoi = await confirmOrder(owner, numTiers, prepareOrder(numTiers, effective, comments), acting)
      await new Promise((r) => setTimeout(r, DELAI_PAGE_CONFIRMATION_MS))
      await navigate({ to: '/catalog/cart/confirm', search: { envoi }, replace: true })
    } catch (err) {
      // Nothing left the device: the cart is as it was (the transaction did not commit).
      console.error(err)
      setFailure("La commande n'a pas pu être enregistrée sur cet appareil. Votre panier est conservé ; réessayez.")
      setSending(false)
    }
  }

  const heading = (
    <PageHeading actions={<HelpButton cle="VALID-COMMANDE" label="Aide : règlement" />}>
      Validation règlement
    </PageHeading>
  )

  if (sending) {
    return (
      <>
        {heading}
        <p role="status" className="text-lg">
          Enregistrement de votre commande…
        </p>
      </>
    )
  }
  if (lines === undefined) {
    return (
      <>
        {heading}
        <p role="status" className="text-base">
          Chargement du panier…
        </p>
      </>
    )
  }
  if (lines.length === 0) {
    return (
      <>
        {heading}
        <EmptyState>{MESSAGES.panierVide}</EmptyState>
        <button type="button" className={`${OUTLINE} mt-4`} onClick={() => void navigate({ to: '/catalog' })}>
          Continuer ma commande
        </button>
      </>
    )
  }

  return (
    <>
      {heading}
      {!online && !unknownTerms && (
        <p role="status" className={NOTE}>
          Hors connexion : vous pouvez confirmer la commande. Elle restera sur cet appareil, en attente d'envoi, et
          partira dès le retour du réseau.
        </p>
      )}
      {unknownTerms && (
        <p role="status" className={NOTE}>
          Hors connexion : vos modes de règlement ne sont pas encore connus sur cet appareil. Votre panier est conservé
          ; la commande pourra être confirmée dès le retour du réseau.
        </p>
      )}
      <CartGroups
        lines={effective}
        labels={labels}
        idPrefix="reglement"
        renderLine={(l) => (
          <PaymentLine
            key={l.idLigne}
            line={l}
            labels={labels}
            proposal={proposals[l.idLigne] ?? { etat: 'chargement', modes: [] }}
            selection={selectPaymentMode(
              modesOf(l).find((m) => m.codeRegt === l.codeReglement) ?? null,
              l.numDomiciliationBancaire,
            )}
            unlocked={unlocked.has(l.idLigne)}
            canDuplicate={all.length > 1}
            onUnlock={() => setUnlocked((s) => new Set(s).add(l.idLigne))}
            onMode={(code) => chooseMode(l, code)}
            onDomiciliation={(num) => save({ ...l, numDomiciliationBancaire: num })}
            onDuplicate={() => duplicate(l.idLigne)}
          />
        )}
      />
      <CartTotal lines={all} />
      {!canConfirmOrder(roles) && (
        <p className={`${NOTE} mt-4`}>Votre profil ne permet pas de confirmer une commande.</p>
      )}
      {failure && (
        <p
          role="alert"
          className="mt-4 rounded-lg border-2 border-red-800 bg-red-50 px-3 py-2 text-base font-semibold text-red-900"
        >
          {failure}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" className={OUTLINE} onClick={() => void navigate({ to: '/catalog/cart/view' })}>
          Retour panier
        </button>
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={!enabled}
          className="touch-target inline-flex items-center justify-center rounded-full bg-silo-green px-6 text-lg font-bold text-white disabled:bg-neutral-400 disabled:text-neutral-900"
        >
          Confirmer la commande
        </button>
      </div>
      <Modal open={duplicated !== null} title="Attention" onClose={() => setDuplicated(null)}>
        <p className="text-base">{duplicated}</p>
        <div className="mt-4 flex justify-end">
          <button
            type="button"
            onClick={() => setDuplicated(null)}
            className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white"
          >
            OK
          </button>
        </div>
      </Modal>
    </>
  )
}
