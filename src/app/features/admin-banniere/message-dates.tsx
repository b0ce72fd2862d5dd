// A message's start and end, dd/MM/yyyy.
import { formatDateCourte } from '../../../domain/format'
import type { Message } from '../../../contract/messages'

export function MessageDates({ message }: { message: Message }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 text-base text-neutral-800">
      <div className="flex flex-wrap gap-x-1">
        <dt>Début :</dt>
        <dd className="font-semibold">{formatDateCourte(message.dateDebut)}</dd>
      </div>
      <div className="flex flex-wrap gap-x-1">
        <dt>Fin :</dt>
        <dd className="font-semibold">{message.dateFin ? formatDateCourte(message.dateFin) : 'aucune'}</dd>
      </div>
    </dl>
  )
}
