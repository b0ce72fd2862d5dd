// "Changer de client" with no signal (issue 25): choosing another member goes through the
// cooperative (the search, the choice), so it waits for the network. Said plainly, in the app's
// frame, with what can still be done; nothing is left or erased meanwhile.
import { Modal } from '../modal'

export function OfflineSwitch({ member, onClose }: { member: string; onClose: () => void }) {
  return (
    <Modal open title="Pas de réseau" onClose={onClose} role="alertdialog">
      <p className="mb-2 text-base">
        Changer de client demande le réseau : la recherche et le choix d’un adhérent passent par la coopérative.
      </p>
      <p className="mb-4 text-base">
        Vous pouvez continuer pour {member} : consulter ses données enregistrées sur cet appareil et préparer sa
        commande. Ce qui est en attente partira tout seul dès que le réseau reviendra.
      </p>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white"
        >
          Continuer pour ce client
        </button>
      </div>
    </Modal>
  )
}
