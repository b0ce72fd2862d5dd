// The list of what waits to be sent, as both the outbox banner and the logout question say it:
// one heading (an order "not yet received by the cooperative", a survey alone "not yet sent"),
// then each item with since when.
import type { WaitingItem } from '../../../offline/outbox-flusher'
import { hasOrder, waitingLabel, waitingSince } from './waiting-words'

export function WaitingList({ items, headingClassName }: { items: readonly WaitingItem[]; headingClassName?: string }) {
  return (
    <>
      <p className={headingClassName}>
        {hasOrder(items) ? 'Pas encore reçu par la coopérative :' : 'Pas encore envoyé :'}
      </p>
      <ul className="list-disc pl-5">
        {items.map((i) => (
          <li key={i.id}>
            {waitingLabel(i)}, {waitingSince(i.createdAt)}
          </li>
        ))}
      </ul>
    </>
  )
}
