// The confirmation before invitations leave (issue 48): « 1 234 courriels vont partir. », and
// what the server answered once they are queued.
import { RAISON_LIBELLES, RAISONS_IGNORE, type EnvoiInvitations } from '../../../contract/invitations'
import { courrielsQuiPartent, groupDigits } from '../../../domain/invitations'
import { Modal } from '../../ui/modal'
import { FILLED, OUTLINE } from './styles'

export function SendDialog({
  open,
  mails,
  onAnswer,
}: {
  open: boolean
  /** How many mails will leave, as the counts say now (the server checks each account again). */
  mails: number
  onAnswer: (yes: boolean) => void
}) {
  return (
    <Modal open={open} title="Envoyer les invitations" onClose={() => onAnswer(false)} role="alertdialog">
      <p className="mb-2 text-lg font-semibold">{courrielsQuiPartent(mails)}</p>
      <p className="mb-4 text-base text-neutral-800">
        Les courriels partent par la file d’envoi de Silo, au rythme permis par le serveur de messagerie. Un compte qui
        a reçu un lien entre-temps n’en reçoit pas un second.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={FILLED} onClick={() => onAnswer(true)}>
          Envoyer
        </button>
        <button type="button" className={OUTLINE} onClick={() => onAnswer(false)}>
          Annuler
        </button>
      </div>
    </Modal>
  )
}

/** What the server did: « 1 234 invitations envoyées. Non envoyées : 12 sans adresse électronique… » */
export function sentText(r: EnvoiInvitations): string {
  const sent =
    r.envoyes === 0
      ? 'Aucune invitation envoyée.'
      : r.envoyes === 1
        ? '1 invitation envoyée.'
        : `${groupDigits(r.envoyes)} invitations envoyées.`
  const skipped = RAISONS_IGNORE.filter((k) => r.ignores[k] > 0).map(
    (k) => `${groupDigits(r.ignores[k])} ${RAISON_LIBELLES[k]}`,
  )
  return skipped.length ? `${sent} Non envoyées : ${skipped.join(' ; ')}.` : sent
}
