// Logging out asks first when something would be lost or left behind (ordering-area §4
// "Logout"): lines in the cart (they live on this device only: logging out abandons them), and
// orders or surveys not yet received by the cooperative (they stay on this device and leave at
// this user's next sign-in here: the user is told and chooses).
import { Modal } from '../modal'

interface Props {
  lines: number
  unsent: number
  onAnswer: (logout: boolean) => void
}

export function LogoutConfirm({ lines, unsent, onAnswer }: Props) {
  return (
    <Modal open title={unsent > 0 ? 'Envois en attente' : 'Panier en cours'} onClose={() => onAnswer(false)} role="alertdialog">
      {unsent > 0 && (
        <p className="mb-2 text-base">
          {unsent > 1 ? `${unsent} envois n'ont` : "1 envoi n'a"} pas encore été reçu{unsent > 1 ? 's' : ''} par la coopérative. Si vous vous déconnectez, il
          {unsent > 1 ? 's restent' : ' reste'} sur cet appareil et partir{unsent > 1 ? 'ont' : 'a'} à votre prochaine connexion ici.
        </p>
      )}
      {lines > 0 && (
        <p className="text-base">
          Votre panier contient {lines > 1 ? `${lines} lignes qui n'ont pas été envoyées` : "1 ligne qui n'a pas été envoyée"}. En vous déconnectant, vous
          abandonnez ce panier.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={() => onAnswer(false)} className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white">
          {lines > 0 ? 'Continuer ma commande' : 'Rester connecté'}
        </button>
        <button type="button" onClick={() => onAnswer(true)} className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green">
          {lines > 0 ? 'Abandonner le panier et me déconnecter' : 'Me déconnecter quand même'}
        </button>
      </div>
    </Modal>
  )
}
