// A warning banner under the app bar (the cooperative's messages, the coming holidays), which the
// farmer can fold: with the text at 200 % on a phone, the app bar and a banner held 40 % of the
// screen above the page (issue 43). Folded, one line says what it is and unfolds it again; it stays
// folded while the app is open (the same message, this page's life), shown whole at every start.
import { useId, useState, type ReactNode } from 'react'
import { Icon } from '../icons'

/** The banners folded on this page, by their label and text. */
const folded = new Set<string>()

interface Props {
  /** What the banner is ("Messages de la coopérative"): its region's name and its folded line. */
  label: string
  /** Its text, to unfold it again when a new message comes. */
  text: string
  children: ReactNode
}

export function Banner({ label, text, children }: Props) {
  const key = `${label}\n${text}`
  const [open, setOpen] = useState(() => !folded.has(key))
  const id = useId()
  const toggle = () => {
    if (open) folded.add(key)
    else folded.delete(key)
    setOpen(!open)
  }
  return (
    <section aria-label={label} className="border-b-2 border-silo-gold bg-silo-gold-light pl-4">
      <div className="flex items-start gap-1">
        {/* Its text never over 6 % of the screen's width: at 200 % on a 320px phone the banner and
            the app bar filled the first screen (issue 51); 19px there, the text's size elsewhere. */}
        <div id={id} hidden={!open} className="min-w-0 flex-1 py-2 [&_p]:text-[length:min(1rem,6vw)]">
          {children}
        </div>
        {!open && <p className="min-w-0 flex-1 py-3 text-base font-medium text-neutral-900">{label}</p>}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={toggle}
          className="touch-target flex shrink-0 items-center justify-center text-neutral-900 hover:bg-black/5"
        >
          <Icon name="expand" className={`h-[24px] w-[24px] ${open ? 'rotate-180' : ''}`} />
          <span className="sr-only">
            {open ? 'Masquer' : 'Afficher'} : {label}
          </span>
        </button>
      </div>
    </section>
  )
}
