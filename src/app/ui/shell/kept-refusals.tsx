// The refused orders this device keeps for export (issue 52): the member was removed from the
// adviser's portfolio before the order left. Each says for whom, what the server answered, and
// offers « Exporter » (a CSV file for the cooperative: refused-order-csv.ts); once exported, the
// adviser may remove it from the device. Shown in the outbox's banner and in "Cet appareil".
import { useId, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { referentielQueryOptions } from '../../../api/referentiel'
import { tiersQueryOptions } from '../../../api/tiers'
import type { OutboxRow } from '../../../offline/db'
import { useKeptRefusals } from '../../../offline/kept-refusals'
import { acknowledgeRejected } from '../../../offline/outbox'
import { downloadFile } from '../download'
import { lineLabels } from '../line-labels'
import { refusedOrderCsv, refusedOrderFileName } from './refused-order-csv'
import { waitingItem } from '../../../offline/outbox-flusher'
import { waitingLabel } from './waiting-words'

const BUTTON = 'touch-target rounded-full border-2 border-neutral-900 bg-white px-4 font-semibold text-neutral-950'

export default function KeptRefusals({ owner, level }: { owner: string; level: 2 | 3 }) {
  const rows = useKeptRefusals(owner)
  const queryClient = useQueryClient()
  const [exported, setExported] = useState<ReadonlySet<string>>(new Set())
  const titleId = useId()
  if (!rows?.length) return null
  const Heading = level === 2 ? 'h2' : 'h3'

  const exportRow = (row: OutboxRow) => {
    // The member's words from what this device still keeps; codes when it kept nothing of them.
    const labels = lineLabels(
      queryClient.getQueryData(referentielQueryOptions(row.numTiers).queryKey),
      queryClient.getQueryData(tiersQueryOptions(row.numTiers).queryKey)?.adresses,
    )
    downloadFile(refusedOrderCsv(row, labels), refusedOrderFileName(row), 'text/csv;charset=utf-8')
    setExported((s) => new Set([...s, row.id]))
  }

  return (
    <section aria-labelledby={titleId} className="border-b-2 border-red-900 bg-red-50 px-4 py-2 text-neutral-950">
      <Heading id={titleId} className="text-lg font-bold">
        Commandes refusées, gardées sur cet appareil
      </Heading>
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.id}>
            <p className="font-semibold">{waitingLabel(waitingItem(row))}</p>
            <p role="alert">Refusée : {row.error}</p>
            <p>
              Elle n’a été envoyée pour personne d’autre. Exportez-la pour la transmettre à la coopérative
              {exported.has(row.id) ? ', puis retirez-la de cet appareil.' : '.'}
            </p>
            <div className="mt-1 flex flex-wrap gap-2">
              <button type="button" onClick={() => exportRow(row)} className={BUTTON}>
                Exporter
              </button>
              {exported.has(row.id) && (
                <button type="button" onClick={() => void acknowledgeRejected(row.id)} className={BUTTON}>
                  Retirer de cet appareil
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
