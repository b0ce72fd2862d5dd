// spec: main.catalog.cart.confirm — step 3 (cart-orders-admin §2 "Confirmation screen"). The order
// was handed to the outbox; this page follows it live and never says "enregistrée" before the
// cooperative has answered with its number: until then it is "en attente d'envoi".
import { useEffect } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { CONFLICT_DIALOG } from '../../../domain/conflict'
import { flushOutboxNow, useOutboxItem } from '../../../offline/outbox'
import { Icon } from '../../ui/icons'
import { PageHeading } from '../../ui/page-heading'
import { useOnline } from '../../ui/use-online'
import { SatisfactionSurvey } from './satisfaction-survey'

interface Props {
  owner: string
  numTiers: string
  /** The outbox item (also the Idempotency-Key) of the order just confirmed on this device. */
  envoi?: string
  /** The spec's query values, once the cooperative has answered. */
  numero?: string
  mail?: string
}

const BUTTON = 'touch-target mt-2 inline-flex items-center rounded-full bg-silo-green px-5 font-semibold text-white'

export function ConfirmationPage({ owner, numTiers, envoi, numero, mail }: Props) {
  const item = useOutboxItem(envoi)
  const online = useOnline()
  const navigate = useNavigate()
  const accepted = item?.status === 'accepted' ? item : null
  const shownNumero = accepted?.numeroCommande ?? numero
  const shownMail = accepted ? (accepted.mail ?? undefined) : mail

  // Once received, the page carries the order data as query values, as the spec's route does.
  useEffect(() => {
    if (accepted?.numeroCommande && accepted.numeroCommande !== numero) {
      void navigate({
        to: '/catalog/cart/confirm',
        search: { envoi, numero: accepted.numeroCommande, mail: accepted.mail ?? undefined },
        replace: true,
      })
    }
  }, [accepted, envoi, numero, navigate])

  const waiting = item && (item.status === 'pending' || item.status === 'sending')
  return (
    <>
      <PageHeading>Confirmation de commande</PageHeading>
      <div className="flex flex-col items-start gap-3 text-lg" aria-live="polite">
        {item === undefined && envoi && <p role="status">Chargement…</p>}
        {waiting && (
          <div
            role="status"
            className="w-full rounded-xl border-2 border-neutral-900 bg-silo-gold-light p-4 text-neutral-950"
          >
            <p className="text-xl font-bold">Votre commande est en attente d'envoi</p>
            <p className="mt-1 text-base">
              Elle est enregistrée sur cet appareil et sera envoyée à la coopérative automatiquement
              {online ? '' : ' dès le retour du réseau'}. Ne la refaites pas : elle ne sera reçue qu'une fois. Son
              numéro s'affichera ici à sa réception.
            </p>
            {item.error && <p className="mt-1 text-base">Dernière tentative : {item.error}</p>}
            <button type="button" onClick={() => void flushOutboxNow(owner).catch(() => undefined)} className={BUTTON}>
              Réessayer maintenant
            </button>
          </div>
        )}
        {item?.status === 'rejected' && (
          <div role="alert" className="w-full rounded-xl border-2 border-red-800 bg-red-50 p-4 text-red-900">
            <p className="text-xl font-bold">{CONFLICT_DIALOG.titre}</p>
            <p className="mt-1 text-base">
              La coopérative a refusé cette commande. Ses lignes sont de retour dans votre panier pour être corrigées.
            </p>
          </div>
        )}
        {item === null && !shownNumero && envoi && (
          <p>Cette commande n'est plus suivie sur cet appareil : retrouvez-la dans vos commandes en cours.</p>
        )}
        {shownNumero && (item === null || accepted || !envoi) && (
          <>
            <Icon name="check" className="h-14 w-14 rounded-full bg-silo-green p-2 text-white" />
            <p className="font-semibold">Votre commande N°{shownNumero} a bien été enregistrée</p>
            {/* max-w-full: the address, longer than a line at 200 %, breaks instead of running off. */}
            {shownMail && <p className="max-w-full">Une confirmation vous a été envoyée à l'adresse : {shownMail}</p>}
          </>
        )}
        <Link to="/catalog" className={BUTTON}>
          Retour à l'accueil
        </Link>
      </div>
      {item?.status !== 'rejected' && (envoi || shownNumero) && (
        <SatisfactionSurvey
          owner={owner}
          numTiers={numTiers}
          orderOutboxId={envoi}
          numeroCommande={shownNumero ?? null}
        />
      )}
    </>
  )
}
