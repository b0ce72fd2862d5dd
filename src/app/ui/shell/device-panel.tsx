// "Cet appareil" (issue 16, item 5): what this device keeps and since when, what waits to be
// sent, the refused orders it keeps for export (issue 52), whether the browser promised to keep
// Silo's data (navigator.storage.persist()) and how much room it takes, how to add Silo to the
// home screen on an iPhone (Safari may erase a site's data after 7 days without use), and the
// waiting orders saved as a readable file to read to the cooperative over the phone. Loaded only when opened (device-panel-host).
import { lazy, Suspense, useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lastAnswer } from '../../../api/connection'
import { cachedPaymentLabel } from '../../../api/paiement'
import { referentielQueryOptions } from '../../../api/referentiel'
import { tiersQueryOptions } from '../../../api/tiers'
import { formatNombre } from '../../../domain/format'
import { countCartRows } from '../../../offline/cart'
import type { OutboxRow } from '../../../offline/db'
import { unsentRowsFor, waitingItem } from '../../../offline/outbox-flusher'
import { installWay } from '../../pwa/install'
import { downloadFile } from '../download'
import { lineLabels } from '../line-labels'
import { Modal } from '../modal'
import { formatSavedAt } from '../offline-notice'
import { useOnline } from '../use-online'
import { waitingLabel, waitingSince } from './waiting-words'
import { waitingOrdersText, type ExportLabels } from './waiting-orders-text'

// Its own chunk, so that the list of what it loads stays out of the first screen's code.
const PreparationStatus = lazy(() => import('./preparation-status'))
const KeptRefusals = lazy(() => import('./kept-refusals'))
const RoundStatus = lazy(() => import('./round-status'))

/** The screens readable offline, by the first part of their query key. */
const SCREENS: [string, string][] = [
  ['livraisons', 'Historique des livraisons'],
  ['articles', 'Aliments'],
  ['lots', 'Lots & plans'],
  ['contrats', 'Contrats'],
  ['commandes', 'Commandes internet'],
]

interface Storage {
  persisted: boolean | null
  usedMo: number | null
}

async function readStorage(): Promise<Storage> {
  const s = navigator.storage
  const persisted = s?.persisted ? await s.persisted().catch(() => null) : null
  const estimate = s?.estimate ? await s.estimate().catch(() => null) : null
  return { persisted, usedMo: estimate?.usage !== undefined ? estimate.usage / 1_000_000 : null }
}

const H3 = 'mt-4 mb-1 text-lg font-bold'
const BUTTON = 'touch-target mt-2 rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green'

export default function DevicePanel({
  owner,
  numTiers,
  onClose,
}: {
  owner: string
  numTiers: string
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const online = useOnline()
  // The export's words for the customer acted for: kept loaded while the panel is open.
  useQuery(referentielQueryOptions(numTiers))
  useQuery(tiersQueryOptions(numTiers))
  const [rows, setRows] = useState<OutboxRow[] | null>(null)
  const [cartLines, setCartLines] = useState<number | null>(null)
  const [storage, setStorage] = useState<Storage>({ persisted: null, usedMo: null })

  useEffect(() => {
    void unsentRowsFor(owner).then(setRows, () => setRows([]))
    void countCartRows(owner, numTiers).then(setCartLines, () => setCartLines(0))
    void readStorage().then(setStorage)
  }, [owner, numTiers])

  const kept = SCREENS.map(([key, label]) => {
    const dates = queryClient
      .getQueryCache()
      .findAll({ queryKey: [key] })
      .map((q) => q.state.dataUpdatedAt)
      .filter((d) => d > 0)
    return { label, at: dates.length ? Math.max(...dates) : 0 }
  }).filter((s) => s.at > 0)

  const askPersist = async () => {
    await navigator.storage?.persist?.().catch(() => false)
    setStorage(await readStorage())
  }

  // The words of each order's customer, from what this device keeps (offline too): an adviser's
  // outbox may hold another member's order, whose data left with the change of member (codes then).
  const labelsFor = (n: string): ExportLabels => ({
    ...lineLabels(
      queryClient.getQueryData(referentielQueryOptions(n).queryKey),
      queryClient.getQueryData(tiersQueryOptions(n).queryKey)?.adresses,
    ),
    reglement: (code) => cachedPaymentLabel(queryClient, n, code),
  })
  const save = () => {
    const text = waitingOrdersText(rows ?? [], labelsFor)
    downloadFile(text, 'silo-commandes-en-attente.txt', 'text/plain;charset=utf-8')
  }

  const orders = (rows ?? []).filter((r) => (r.kind ?? 'commande') === 'commande')
  const server = lastAnswer()
  return (
    <Modal open title="Cet appareil" onClose={onClose}>
      <p className="text-base">
        {online
          ? 'Le serveur de la coopérative répond.'
          : 'Hors connexion : le serveur de la coopérative ne répond pas.'}
        {server > 0 && ` Dernière réponse le ${formatSavedAt(server)}.`}
      </p>

      <h3 className={H3}>Gardé sur cet appareil</h3>
      <ul className="list-disc pl-5 text-base">
        <li>
          Panier :{' '}
          {cartLines === null ? '…' : cartLines === 0 ? 'vide' : `${cartLines} ligne${cartLines > 1 ? 's' : ''}`}
        </li>
        {kept.map((s) => (
          <li key={s.label}>
            {s.label} : données du {formatSavedAt(s.at)}
          </li>
        ))}
      </ul>

      <Suspense fallback={<p className="text-base">…</p>}>
        <PreparationStatus numTiers={numTiers} online={online} />
        <RoundStatus />
      </Suspense>

      <h3 className={H3}>En attente d'envoi</h3>
      {rows === null ? (
        <p className="text-base">…</p>
      ) : rows.length === 0 ? (
        <p className="text-base">Rien : tout a été reçu par la coopérative.</p>
      ) : (
        <>
          <ul className="list-disc pl-5 text-base">
            {rows.map((r) => (
              <li key={r.id}>
                {waitingLabel(waitingItem(r))}, {waitingSince(r.createdAt)}
              </li>
            ))}
          </ul>
          {orders.length > 0 && (
            <>
              <p className="mt-2 text-base">Pour dicter vos commandes à la coopérative par téléphone :</p>
              <button type="button" onClick={save} className={BUTTON}>
                Enregistrer les commandes en attente (fichier texte)
              </button>
            </>
          )}
        </>
      )}

      <Suspense fallback={null}>
        <KeptRefusals owner={owner} level={3} />
      </Suspense>

      <h3 className={H3}>Stockage</h3>
      <p className="text-base">
        {storage.persisted === true
          ? 'Le navigateur s’est engagé à garder les données de Silo.'
          : 'Le navigateur peut effacer les données de Silo s’il manque de place.'}
        {storage.usedMo !== null && ` Espace utilisé : ${formatNombre(Math.round(storage.usedMo * 10) / 10)} Mo.`}
      </p>
      {storage.persisted === false && (
        <button type="button" onClick={() => void askPersist()} className={BUTTON}>
          Demander à garder les données
        </button>
      )}

      {installWay() === 'ios' && (
        <>
          <h3 className={H3}>Sur iPhone et iPad</h3>
          <p className="text-base">
            Safari peut effacer les données d’un site après 7 jours sans visite, commandes en attente comprises. Ajoutez
            Silo à l’écran d’accueil pour les garder :
          </p>
          <ol className="list-decimal pl-5 text-base">
            <li>touchez le bouton Partager de Safari ;</li>
            <li>choisissez « Sur l’écran d’accueil » ;</li>
            <li>ouvrez ensuite Silo depuis son icône.</li>
          </ol>
        </>
      )}

      <button
        type="button"
        onClick={onClose}
        className="touch-target mt-4 w-full rounded-full bg-silo-green font-semibold text-white"
      >
        Fermer
      </button>
    </Modal>
  )
}
