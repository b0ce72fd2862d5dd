// A saved current message (cart-orders-admin §4 "Banner message row"): shown, then Modifier puts
// it in edit mode, validated (update) or cancelled (the original again); Supprimer asks, then
// calls the server.
import { useEffect, useId, useRef, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { Message } from '../../../contract/messages'
import { updateMessage } from '../../../api/messages'
import type { BannerContext } from '../../../domain/admin'
import { DeleteButton } from './delete-button'
import { failureText } from './failure'
import { MessageDates } from './message-dates'
import { MessageEditor } from './message-editor'
import { toBody, toFormValues } from './message-form'
import { OUTLINE } from './styles'
import { useMessageCache } from './use-message-cache'

interface Props {
  message: Message
  now: BannerContext['now']
  /** Just created here: the keyboard goes on to it. */
  focusOnMount?: boolean
  onStatus: (text: string) => void
}

export function CurrentRow({ message, now, focusOnMount, onStatus }: Props) {
  const [editing, setEditing] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const modifierRef = useRef<HTMLButtonElement>(null)
  const cache = useMessageCache()
  const save = useMutation({ mutationFn: (body: ReturnType<typeof toBody>) => updateMessage(message.id, body) })
  const headingId = useId()

  useEffect(() => {
    if (focusOnMount) modifierRef.current?.focus()
  }, [focusOnMount])

  const stopEditing = () => {
    setEditing(false)
    requestAnimationFrame(() => modifierRef.current?.focus())
  }

  return (
    <li aria-labelledby={headingId} className="border-b border-black/10 py-4 last:border-b-0">
      {editing ? (
        <MessageEditor
          now={now}
          original={message}
          defaultValues={toFormValues(message)}
          label={`Modifier le message : ${message.texte}`}
          submitLabel="Enregistrer"
          cancelLabel="Annuler"
          failureOf={(e) => failureText('enregistrement', e)}
          onCancel={stopEditing}
          onSubmit={async (values) => {
            const saved = await save.mutateAsync(toBody(values))
            cache.replaced(saved)
            onStatus('Message enregistré.')
            stopEditing()
          }}
        />
      ) : (
        <>
          <p id={headingId} className="text-lg font-semibold break-words whitespace-pre-line">
            {message.texte}
          </p>
          <MessageDates message={message} />
          {/* Wrapping: with the text at 200 % the buttons' words broke letter by letter (issue 43). */}
          <div className="mt-3 flex flex-wrap gap-2 md:justify-end">
            <button
              ref={modifierRef}
              type="button"
              className={OUTLINE}
              aria-describedby={headingId}
              onClick={() => {
                setFailure(null)
                setEditing(true)
              }}
            >
              Modifier
            </button>
            <DeleteButton
              id={message.id}
              describedBy={headingId}
              onFailure={setFailure}
              onDeleted={() => onStatus('Message supprimé.')}
            />
          </div>
          {failure && (
            <p
              role="alert"
              className="mt-2 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
            >
              {failure}
            </p>
          )}
        </>
      )}
    </li>
  )
}
