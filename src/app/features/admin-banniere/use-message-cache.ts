// After a write the list shows the server's answer at once; the farmers' banner (reference data)
// is asked afresh next time it is shown.
import { useQueryClient } from '@tanstack/react-query'
import type { Message } from '../../../contract/messages'

const KEY = ['messages']

export function useMessageCache() {
  const queryClient = useQueryClient()
  const banner = () => void queryClient.invalidateQueries({ queryKey: ['referentiel'] })
  return {
    added(m: Message) {
      queryClient.setQueryData<Message[]>(KEY, (rows) => [...(rows ?? []).filter((r) => r.id !== m.id), m])
      banner()
    },
    replaced(m: Message) {
      queryClient.setQueryData<Message[]>(KEY, (rows) => rows?.map((r) => (r.id === m.id ? m : r)))
      banner()
    },
    removed(id: number) {
      queryClient.setQueryData<Message[]>(KEY, (rows) => rows?.filter((r) => r.id !== id))
      banner()
    },
  }
}
