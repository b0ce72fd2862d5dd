// The cooperative's warning banner: the messages whose dates include today (in Paris), foldable.
// The staff's words are shown with French typography's no-break spaces (': pensez à' never starts
// a line, issue 51).
import type { MessageBandeau } from '../../../contract/referentiel'
import { typographie } from '../../../domain/typography'
import { parisToday } from '../today'
import { Banner } from './banner'

function currentMessages(messages: readonly MessageBandeau[], today = parisToday()) {
  return messages.filter((m) => m.dateDebut.slice(0, 10) <= today && (!m.dateFin || m.dateFin.slice(0, 10) >= today))
}

export function MessageBanner({ messages }: { messages: readonly MessageBandeau[] }) {
  const current = currentMessages(messages)
  if (current.length === 0) return null
  return (
    <Banner label="Messages de la coopérative" text={current.map((m) => m.texte).join('\n')}>
      {current.map((m) => (
        <p key={m.id} className="text-base font-medium text-neutral-900">
          {typographie(m.texte)}
        </p>
      ))}
    </Banner>
  )
}
