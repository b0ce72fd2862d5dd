// Logging out with lines in the cart asks first: abandon the cart, or go on with the order
// (ordering-area §4 "Logout"). The cart lives on this device only, so logging out loses it.
import { Modal } from '../modal'

interface Props {
  lines: number
  onAnswer: (logout: boolean) => void
}

export function LogoutConfirm({ lines, onAnswer }: Props) {
  return (
    <Modal open title="Panier en cours" onClose={() => onAnswer(false)} role="alertdialog">
      <p className="text-base">
        Votre panier contient {lines > 1 ? `${lines} lignes qui n'ont pas été envoyées` : "1 ligne qui n'a pas été envoyée"}. En vous déconnectant,
        vous abandonnez ce panier.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={() => onAnswer(false)} className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white">
          Continuer ma commande
        </button>
        <button type="button" onClick={() => onAnswer(true)} className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green">
          Abandonner le panier et me déconnecter
        </button>
      </div>
    </Modal>
  )
}
