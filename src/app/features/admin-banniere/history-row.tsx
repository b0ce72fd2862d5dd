// A past message (cart-orders-admin §2 screen 5): text, start, end, Copier (a new message with
// its text) and Supprimer (asks, then calls the server).
import { useId, useState } from 'react'
import type { Message } from '../../../contract/messages'
import { DeleteButton } from './delete-button'
import { MessageDates } from './message-dates'
import { OUTLINE } from './styles'

export function HistoryRow({
  message,
  onCopy,
  onStatus,
}: {
  message: Message
  onCopy: (m: Message) => void
  onStatus: (text: string) => void
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const textId = useId()
  return (
    <li aria-labelledby={textId} className="border-b border-black/10 py-4 last:border-b-0">
      <p id={textId} className="text-base break-words whitespace-pre-line">
        {message.texte}
      </p>
      <MessageDates message={message} />
      <div className="mt-3 flex gap-2 md:justify-end">
        <button type="button" className={OUTLINE} aria-describedby={textId} onClick={() => onCopy(message)}>
          Copier
        </button>
        <DeleteButton
          id={message.id}
          describedBy={textId}
          onFailure={setFailure}
          onDeleted={() => onStatus('Message supprimé.')}
        />
      </div>
      {failure && (
        <p role="alert" className="mt-2 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {failure}
        </p>
      )}
    </li>
  )
}
