import { Icon, type IconName } from '../icons'

interface Props {
  onLogout: () => void
  disabled: boolean
  /** On phones the word gives way to the icon (the ordering app bar holds the cart too). */
  iconOnlyOnPhones?: boolean
  /** What the button does, when it is not signing out (staff acting for a member: back to the member search). */
  label?: string
  /** Its icon: the way out, or another member to choose ("Changer de client"). */
  icon?: IconName
}

/** The app bar's way out, for the ordering and the admin shells. */
export function LogoutButton({
  onLogout,
  disabled,
  iconOnlyOnPhones = false,
  label = 'Déconnexion',
  icon = 'logout',
}: Props) {
  return (
    <button
      type="button"
      onClick={onLogout}
      disabled={disabled}
      // The icon in px, the padding too where it is alone: with the text at 200 % they left the
      // customer's name a third of the bar (issue 43).
      className={`touch-target flex items-center justify-center gap-2 rounded-full text-white hover:bg-white/10 disabled:opacity-60 ${iconOnlyOnPhones ? 'px-0 sm:px-3' : 'px-3'}`}
    >
      <Icon name={icon} className="h-[24px] w-[24px] shrink-0" />
      {iconOnlyOnPhones ? (
        <>
          <span className="hidden sm:inline">{label}</span>
          <span className="sr-only sm:hidden">{label}</span>
        </>
      ) : (
        <span>{label}</span>
      )}
    </button>
  )
}
