// Loaded (React.lazy) only while the outbox holds something of this user's (main-shell). What it
// holds, said plainly: each order or survey waiting, what it is and since when (never shown as
// sent), what happens next, a manual retry for orders (not on the confirmation page, which has its
// own), a warning past 72 hours, the "Commande invalide" dialog when the cooperative refused an
// order (its lines are already back in the cart), and the refused orders kept for export
// (kept-refusals). Also starts the sending: now, when the network comes back, when the farmer
// returns to the app, and every 30 s while items wait.
import { useEffect, useState } from 'react'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { DateTime } from 'luxon'
import { CONFLICT_DIALOG, conflictLines } from '../../../domain/conflict'
import { isOnline, subscribeConnection } from '../../../api/connection'
import { acknowledgeRejected, flushOutbox, flushOutboxNow, useOutboxSummary } from '../../../offline/outbox'
import { reportRefusal } from '../error-dialog'
import { Modal } from '../modal'
import { useOnline } from '../use-online'
import { serverTroubleText } from '../../../domain/server-trouble'
import { hasOrder } from './waiting-words'
import { WaitingList } from './waiting-list'
import { openDevicePanel } from './device-panel-host'
import KeptRefusals from './kept-refusals'

/** An item unsent for longer than this warns the user (ARCHITECTURE, issue: checkout). */
const OLD_AFTER_HOURS = 72
const RETRY_EVERY_MS = 30_000

function useSending(owner: string, waiting: boolean) {
  useEffect(() => {
    // App start, network back, return to the app, the service worker's sync: try now.
    const flush = () => void flushOutboxNow(owner).catch(() => undefined)
    flush()
    const onVisible = () => document.visibilityState === 'visible' && flush()
    // The server answers again (connection.ts, learned from requests; not the interface's event).
    const stopWatching = subscribeConnection(() => isOnline() && flush())
    document.addEventListener('visibilitychange', onVisible)
    // The service worker's sync event asks an open page to send (it has the session).
    const onMessage = (e: MessageEvent) => (e.data as { type?: string } | null)?.type === 'flush-outbox' && flush()
    navigator.serviceWorker?.addEventListener('message', onMessage)
    // Meanwhile, tries spaced by the backoff.
    const timer = waiting
      ? setInterval(() => void flushOutbox(owner).catch(() => undefined), RETRY_EVERY_MS)
      : undefined
    return () => {
      stopWatching()
      document.removeEventListener('visibilitychange', onVisible)
      navigator.serviceWorker?.removeEventListener('message', onMessage)
      if (timer) clearInterval(timer)
    }
  }, [owner, waiting])
}

export default function OutboxStatus({ owner }: { owner: string }) {
  const summary = useOutboxSummary(owner)
  const navigate = useNavigate()
  const online = useOnline()
  const onConfirmPage = useRouterState({ select: (s) => s.location.pathname === '/catalog/cart/confirm' })
  const [retrying, setRetrying] = useState(false)
  useSending(owner, (summary?.unsent ?? 0) > 0)
  const rejected = summary?.rejected[0]
  // A 409 is the 'Commande invalide' dialog below; any other refusal goes to the global error
  // dialog, as the spec says (§7 "other errors are rethrown", §8). Its lines are back in the cart.
  const conflict = rejected !== undefined && (rejected.errorStatus ?? 409) === 409
  const refusedId = rejected !== undefined && !conflict ? rejected.id : null
  const refusedStatus = rejected?.errorStatus ?? 0
  const refusedReason = rejected?.error ?? null
  useEffect(() => {
    if (!refusedId) return
    reportRefusal(refusedStatus, refusedReason)
    void acknowledgeRejected(refusedId)
  }, [refusedId, refusedStatus, refusedReason])
  if (!summary) return null
  // An item on its first try with the server answering is being sent, not waiting: no banner
  // flashing just after "Envoyer".
  const shown = summary.items.filter((i) => !online || i.attempts > 1 || (i.status === 'pending' && i.attempts > 0))
  const orders = hasOrder(shown)
  const old =
    shown.length > 0 && DateTime.now().diff(DateTime.fromISO(shown[0]!.createdAt), 'hours').hours > OLD_AFTER_HOURS
  // The server failing again and again (not the network): said, with the status, once it lasts.
  const failing = shown.find((i) => serverTroubleText(i.serverFailures, i.serverFailureStatus) !== null)
  const trouble = failing ? serverTroubleText(failing.serverFailures, failing.serverFailureStatus) : null

  return (
    <>
      {shown.length > 0 && (
        <section
          aria-label={orders ? 'Envois en attente' : 'Avis en attente'}
          className={`flex flex-wrap items-center justify-between gap-2 border-b-2 px-4 py-2 ${old ? 'border-red-900 bg-red-50' : orders ? 'border-neutral-900 bg-silo-gold-light' : 'border-neutral-300 bg-neutral-50'}`}
        >
          <div role="status" className="text-base text-neutral-950">
            <WaitingList items={shown} headingClassName="font-semibold" />
            {trouble && (
              <p role="alert" className="font-semibold">
                {trouble}
              </p>
            )}
            <p>
              {trouble
                ? ''
                : online
                  ? 'Envoi en cours ; Silo réessaie tout seul.'
                  : 'Gardé sur cet appareil, envoyé tout seul dès que le réseau revient.'}
              {old &&
                ' Plus de 72 heures sans réseau : connectez-vous à un réseau (Wi-Fi, 4G) pour que la coopérative reçoive votre commande.'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={openDevicePanel}
              className="touch-target rounded-full border-2 border-neutral-900 bg-white px-4 font-semibold text-neutral-950"
            >
              Cet appareil
            </button>
            {orders && !onConfirmPage && (
              <button
                type="button"
                disabled={retrying}
                onClick={() => {
                  setRetrying(true)
                  void flushOutboxNow(owner).finally(() => setRetrying(false))
                }}
                className="touch-target rounded-full border-2 border-neutral-900 bg-white px-4 font-semibold text-neutral-950 disabled:opacity-60"
              >
                {retrying ? 'Envoi…' : "Réessayer l'envoi"}
              </button>
            )}
          </div>
        </section>
      )}
      <KeptRefusals owner={owner} level={2} />
      {rejected && conflict && (
        <Modal open title={CONFLICT_DIALOG.titre} onClose={() => undefined} role="alertdialog">
          <p className="mb-2 text-base font-semibold">{CONFLICT_DIALOG.entete}</p>
          <ul className="mb-4 list-disc pl-5 text-base">
            {(conflictLines(rejected.error).length ? conflictLines(rejected.error) : [rejected.error ?? '']).map(
              (l, i) => (
                <li key={i}>{l}</li>
              ),
            )}
          </ul>
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => {
                void acknowledgeRejected(rejected.id).then(() => navigate({ to: '/catalog/cart' }))
              }}
              className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white"
            >
              {CONFLICT_DIALOG.action}
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}
