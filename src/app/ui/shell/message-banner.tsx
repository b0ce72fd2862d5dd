// The cooperative's warning banner: the messages whose dates include today (in Paris).
import type { MessageBandeau } from '../../../contract/referentiel'
import { parisToday } from '../today'

function currentMessages(messages: readonly MessageBandeau[], today = parisToday()) {
  return messages.filter((m) => m.dateDebut.slice(0, 10) <= today && (!m.dateFin || m.dateFin.slice(0, 10) >= today))
}

export function MessageBanner({ messages }: { messages: readonly MessageBandeau[] }) {
  const current = currentMessages(messages)
  if (current.length === 0) return null
  return (
    <section
      aria-label="Messages de la coopérative"
      className="border-b-2 border-silo-gold bg-silo-gold-light px-4 py-2"
    >
      {current.map((m) => (
        <p key={m.id} className="text-base font-medium text-neutral-900">
          {m.texte}
        </p>
      ))}
    </section>
  )
}
