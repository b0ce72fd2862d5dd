// A new message (cart-orders-admin §4 "Banner message row"): in editing from the start, saved by
// create (the server's answer gives its id); Supprimer only drops it here, nothing was sent.
import { useMutation } from '@tanstack/react-query'
import type { Message } from '../../../contract/messages'
import { createMessage } from '../../../api/messages'
import type { BannerContext } from '../../../domain/admin'
import { failureText } from './failure'
import { MessageEditor } from './message-editor'
import { toBody, type MessageValues } from './message-form'
import { useMessageCache } from './use-message-cache'

interface Props {
  values: MessageValues
  now: BannerContext['now']
  onCreated: (m: Message) => void
  onDiscard: () => void
}

export function DraftRow({ values, now, onCreated, onDiscard }: Props) {
  const cache = useMessageCache()
  const create = useMutation({ mutationFn: createMessage })
  return (
    <li className="border-b border-black/10 py-4 last:border-b-0">
      <MessageEditor
        now={now}
        defaultValues={values}
        label="Nouveau message"
        submitLabel="Enregistrer"
        cancelLabel="Supprimer"
        failureOf={(e) => failureText('enregistrement', e)}
        onCancel={onDiscard}
        onSubmit={async (typed) => {
          const created = await create.mutateAsync(toBody(typed))
          cache.added(created)
          onCreated(created)
        }}
      />
    </li>
  )
}
