// What the sign-in page says when someone's orders wait on this device for their owner's next
// sign-in (issue 25). Hidden on the server's static page until its script has looked.
import { SIGN_IN_MARK } from '../../ui/shell/sign-in-marks'

export function OthersWaitingNotice({ hidden = false }: { hidden?: boolean }) {
  return (
    <p
      role="status"
      hidden={hidden}
      data-sign-in={SIGN_IN_MARK.othersWaiting}
      className="max-w-xs rounded-lg border-2 border-neutral-700 px-3 py-2 text-base text-neutral-900"
    >
      Des commandes d'un autre utilisateur attendent sur cet appareil
    </p>
  )
}
