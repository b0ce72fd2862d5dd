import { Icon } from '../icons'

interface Props {
  onLogout: () => void
  disabled: boolean
  /** On phones the word gives way to the icon (the ordering app bar holds the cart too). */
  iconOnlyOnPhones?: boolean
  /** What the button does, when it is not signing out (staff acting for a member: back to the member search). */
  label?: string
}

/** The app bar's way out, for the ordering and the admin shells. */
export function LogoutButton({ onLogout, disabled, iconOnlyOnPhones = false, label = 'Déconnexion' }: Props) {
  return (
    <button
      type="button"
      onClick={onLogout}
      disabled={disabled}
      className="touch-target flex items-center gap-2 rounded-full px-3 text-white hover:bg-white/10 disabled:opacity-60"
    >
      <Icon name="logout" />
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
