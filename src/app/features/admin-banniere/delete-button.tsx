// Supprimer on a saved message: asks first, then calls the server (cart-orders-admin §4); a
// failure keeps the message and says why.
import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { deleteMessage } from '../../../api/messages'
import { ConfirmDialog } from '../../ui/modal'
import { failureText } from './failure'
import { DANGER } from './styles'
import { useMessageCache } from './use-message-cache'

const CONFIRMER_SUPPRESSION = 'Voulez-vous vraiment supprimer ce message ?'

interface Props {
  id: number
  /** The id of the message's text, so that the button says which one it deletes. */
  describedBy: string
  onDeleted: () => void
  onFailure: (text: string | null) => void
}

export function DeleteButton({ id, describedBy, onDeleted, onFailure }: Props) {
  const [asking, setAsking] = useState(false)
  const cache = useMessageCache()
  const remove = useMutation({ mutationFn: () => deleteMessage(id) })
  const answer = async (yes: boolean) => {
    setAsking(false)
    if (!yes) return
    onFailure(null)
    try {
      await remove.mutateAsync()
      onDeleted()
      cache.removed(id)
    } catch (error) {
      onFailure(failureText('suppression', error))
    }
  }
  return (
    <>
      <button
        type="button"
        className={DANGER}
        aria-describedby={describedBy}
        disabled={remove.isPending}
        onClick={() => setAsking(true)}
      >
        {remove.isPending ? 'Suppression…' : 'Supprimer'}
      </button>
      <ConfirmDialog
        open={asking}
        title="Supprimer le message"
        message={CONFIRMER_SUPPRESSION}
        onAnswer={(yes) => void answer(yes)}
      />
    </>
  )
}
