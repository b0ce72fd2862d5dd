// Logging out asks first when something would be lost or left behind (ordering-area §4
// "Logout"): lines in the cart (they live on this device only: logging out abandons them), and
// orders or surveys not yet received by the cooperative (they stay on this device and leave at
// this user's next sign-in here: the user is told and chooses).
import type { WaitingItem } from '../../../offline/outbox-flusher'
import { Modal } from '../modal'
import { hasOrder } from './waiting-words'
import { WaitingList } from './waiting-list'

interface Props {
  lines: number
  /** What waits to be sent, each said for what it is (a survey is not an order). */
  waiting: readonly WaitingItem[]
  onAnswer: (logout: boolean) => void
  /** Staff leaving a member for another ("Changer de client"): they stay signed in, and what waits
   * leaves for the member it was confirmed for (issue 25). */
  changingMember?: boolean
}

export function LogoutConfirm({ lines, waiting, onAnswer, changingMember = false }: Props) {
  const orders = hasOrder(waiting)
  const many = waiting.length > 1
  return (
    <Modal
      open
      title={orders ? 'Envois en attente' : waiting.length > 0 ? 'Avis en attente' : 'Panier en cours'}
      onClose={() => onAnswer(false)}
      role="alertdialog"
    >
      {waiting.length > 0 && (
        <div className="mb-2 text-base">
          <WaitingList items={waiting} />
          {changingMember ? (
            <p>
              Si vous changez de client, {many ? 'ces envois restent' : 'cet envoi reste'} sur cet appareil et partir
              {many ? 'ont' : 'a'} pour l’adhérent indiqué dès que le réseau le permettra.
            </p>
          ) : (
            <p>
              Si vous vous déconnectez, {many ? 'ces envois restent' : 'cet envoi reste'} sur cet appareil et partir
              {many ? 'ont' : 'a'} à votre prochaine connexion ici.
            </p>
          )}
        </div>
      )}
      {lines > 0 && (
        <p className="text-base">
          Votre panier contient{' '}
          {lines > 1 ? `${lines} lignes qui n'ont pas été envoyées` : "1 ligne qui n'a pas été envoyée"}.{' '}
          {/* Said for what the button does: staff changing member leave this member's cart (issue 43). */}
          {changingMember ? 'En changeant de client' : 'En vous déconnectant'}, vous abandonnez ce panier.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => onAnswer(false)}
          className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white"
        >
          {lines > 0 ? 'Continuer ma commande' : 'Rester connecté'}
        </button>
        <button
          type="button"
          onClick={() => onAnswer(true)}
          className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green"
        >
          {lines > 0
            ? `Abandonner le panier et ${changingMember ? 'changer de client' : 'me déconnecter'}`
            : changingMember
              ? 'Changer de client quand même'
              : 'Me déconnecter quand même'}
        </button>
      </div>
    </Modal>
  )
}
