// The dialogs of 'Etape suivante' (cart-orders-admin §4 "Cart flow", §8 "Storage and date
// dialogs"): dates too short, storage error (blocks), storage warning (Non/Oui), empty places.
import { MESSAGES } from '../../../domain/constants'
import { formatDateCourte, formatTonnes } from '../../../domain/format'
import type { CartLine } from '../../../domain/types'
import { Modal } from '../../ui/modal'

export type FlowDialog = {
  kind: 'dates' | 'erreur' | 'avertissement' | 'lieuxVides'
  idLignes: readonly string[]
} | null

const describe = (l: CartLine) =>
  [
    l.libelleArticle ?? `Article ${l.numArticle ?? ''}`,
    typeof l.quantiteCommande === 'number' ? formatTonnes(l.quantiteCommande) : '',
    l.datePrevueLivraison ? `livraison à partir du ${formatDateCourte(l.datePrevueLivraison)}` : '',
  ]
    .filter(Boolean)
    .join(' — ')

const TITRES = {
  dates: MESSAGES.delaiTropCourt,
  erreur: 'Erreur',
  avertissement: 'Attention',
  lieuxVides: 'Lieu de stockage manquant',
} as const
const INTRO = {
  dates: MESSAGES.delaiTropCourtDialogue,
  erreur: MESSAGES.especesDifferentesDialogue,
  avertissement: MESSAGES.memeEspece,
  lieuxVides: MESSAGES.lieuxVidesDialogue,
} as const
const FIN = {
  dates: MESSAGES.modifierLignes,
  erreur: MESSAGES.modifierLignes,
  avertissement: MESSAGES.confirmerDatesLieux,
  lieuxVides: MESSAGES.lieuxVidesFin,
} as const

interface Props {
  dialog: FlowDialog
  lines: readonly CartLine[]
  onClose: () => void
  /** Oui to the warning: the flow goes on past it. */
  onConfirm: () => void
}

export function NextStepDialogs({ dialog, lines, onClose, onConfirm }: Props) {
  const kind = dialog?.kind ?? 'dates'
  const listed = dialog ? lines.filter((l) => dialog.idLignes.includes(l.idLigne)) : []
  const asks = kind === 'avertissement'
  return (
    <Modal open={dialog !== null} title={TITRES[kind]} onClose={onClose} role="alertdialog">
      <p className="text-base">{INTRO[kind]}</p>
      {listed.length > 0 && (
        <ul className="my-3 grid list-disc gap-1 pl-6 text-base font-semibold">
          {listed.map((l) => (
            <li key={l.idLigne}>{describe(l)}</li>
          ))}
        </ul>
      )}
      <p className={`text-base ${asks ? 'font-bold' : ''}`}>{FIN[kind]}</p>
      <div className="mt-4 flex justify-end gap-3">
        {asks ? (
          <>
            <button
              type="button"
              onClick={onClose}
              className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green"
            >
              Non
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white"
            >
              Oui
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={onClose}
            className="touch-target rounded-full bg-silo-green px-8 font-semibold text-white"
          >
            OK
          </button>
        )}
      </div>
    </Modal>
  )
}
