// spec: admin.banniere_messages — the message banner (cart-orders-admin §2 screen 5, §3 "Banner
// message", §4, §5). Current messages (end date empty, or today or later) with an add button;
// the history of past ones, collapsed. The farmers' banner shows them for their dates.
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Message } from '../../../contract/messages'
import { messagesQueryOptions } from '../../../api/messages'
import { copyBannerMessage, splitBannerMessages } from '../../../domain/admin'
import { toDay, toIsoDate } from '../../../domain/calendar'
import { parisNow } from '../../ui/now'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { QueryStatus } from '../../ui/query-status'
import { CurrentRow } from './current-row'
import { DraftRow } from './draft-row'
import { HistoryRow } from './history-row'
import { EMPTY_MESSAGE, type MessageValues } from './message-form'
import { FILLED } from './styles'
import { byCharacters } from '../../../domain/compare'

interface Draft {
  key: number
  values: MessageValues
}

const byStart = (a: Message, b: Message) => byCharacters(a.dateDebut, b.dateDebut) || a.id - b.id
const byEndDesc = (a: Message, b: Message) => byCharacters(b.dateFin ?? '', a.dateFin ?? '') || b.id - a.id

export function BannierePage() {
  const query = useQuery(messagesQueryOptions())
  const [drafts, setDrafts] = useState<Draft[]>([])
  const [nextKey, setNextKey] = useState(1)
  const [created, setCreated] = useState<number | null>(null)
  const [status, setStatus] = useState('')
  // Today for the rules: the same DateTime for as long as the day lasts, so forms keep their rules.
  const today = toIsoDate(parisNow())
  const now = useMemo(() => toDay(today)!, [today])
  const { courants, historique } = useMemo(() => {
    const split = splitBannerMessages(query.data ?? [], now)
    return { courants: split.courants.sort(byStart), historique: split.historique.sort(byEndDesc) }
  }, [query.data, now])

  const addDraft = (values: MessageValues) => {
    setStatus('')
    setDrafts((d) => [{ key: nextKey, values }, ...d])
    setNextKey((k) => k + 1)
  }
  const dropDraft = (key: number) => setDrafts((d) => d.filter((x) => x.key !== key))

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading
        actions={
          <button type="button" className={`${FILLED} max-w-full px-5`} onClick={() => addDraft(EMPTY_MESSAGE)}>
            Ajouter un message
          </button>
        }
      >
        Bannière de messages
      </PageHeading>
      <p className="mb-6 text-base text-neutral-800">
        Les messages s'affichent dans le bandeau de toutes les pages des adhérents, de la date de début à la date de fin
        incluses.
      </p>
      <p role="status" className={status ? 'mb-4 font-semibold text-silo-green' : 'sr-only'}>
        {status}
      </p>
      <QueryStatus query={query}>
        <section aria-labelledby="messages-en-cours" className="mb-8">
          <h2 id="messages-en-cours" className="text-xl font-bold">
            Messages en cours
          </h2>
          {courants.length === 0 && drafts.length === 0 ? (
            <div className="mt-3">
              <EmptyState>Aucun message en cours.</EmptyState>
            </div>
          ) : (
            <ul className="mt-2 rounded-xl border border-black/15 px-3 md:px-4">
              {drafts.map((d) => (
                <DraftRow
                  key={`nouveau-${d.key}`}
                  values={d.values}
                  now={now}
                  onDiscard={() => dropDraft(d.key)}
                  onCreated={(m) => {
                    dropDraft(d.key)
                    setCreated(m.id)
                    setStatus('Message enregistré.')
                  }}
                />
              ))}
              {courants.map((m) => (
                <CurrentRow key={m.id} message={m} now={now} focusOnMount={m.id === created} onStatus={setStatus} />
              ))}
            </ul>
          )}
        </section>
        <details className="group mb-8 rounded-xl border border-black/15">
          <summary className="touch-target flex cursor-pointer items-center justify-between gap-2 px-3 text-xl font-bold md:px-4">
            <h2>Historique ({historique.length})</h2>
            <span aria-hidden="true" className="text-2xl transition-transform group-open:rotate-180">
              ▾
            </span>
          </summary>
          {historique.length === 0 ? (
            <p className="px-3 pb-4 text-base md:px-4">Aucun message passé.</p>
          ) : (
            <ul className="border-t border-black/10 px-3 md:px-4">
              {historique.map((m) => (
                <HistoryRow
                  key={m.id}
                  message={m}
                  onStatus={setStatus}
                  onCopy={(source) => addDraft(copyBannerMessage(source, now))}
                />
              ))}
            </ul>
          )}
        </details>
      </QueryStatus>
    </div>
  )
}
