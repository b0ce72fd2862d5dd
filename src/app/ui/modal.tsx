// A modal on the native <dialog>: the browser traps focus, Esc closes it, and the page behind is
// inert, with no library to download. Full width at the bottom on phones (thumb reach).
import { useEffect, useId, useRef, type ReactNode } from 'react'

interface Props {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** alertdialog for a question that must be answered (the confirmations). */
  role?: 'dialog' | 'alertdialog'
}

export function Modal({ open, title, onClose, children, role = 'dialog' }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  // A generated id: a title with spaces would split aria-labelledby into several ids.
  const titleId = useId()
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      className="m-0 mt-auto w-full max-w-none rounded-t-2xl bg-white p-0 text-neutral-900 backdrop:bg-black/60 sm:m-auto sm:max-w-lg sm:rounded-2xl"
    >
      {open && (
        <div className="max-h-[90dvh] overflow-y-auto p-4">
          <h2 id={titleId} className="mb-3 text-xl font-bold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  )
}

/** The spec's Oui/Non questions ('Période anticipée', 'Intervalle de date'). */
export function ConfirmDialog({
  open,
  title,
  message,
  onAnswer,
}: {
  open: boolean
  title: string
  message: string
  onAnswer: (yes: boolean) => void
}) {
  return (
    <Modal open={open} title={title} onClose={() => onAnswer(false)} role="alertdialog">
      <p className="text-base">{message}</p>
      <div className="mt-4 flex justify-end gap-3">
        <button
          type="button"
          onClick={() => onAnswer(false)}
          className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green"
        >
          Non
        </button>
        <button
          type="button"
          onClick={() => onAnswer(true)}
          className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white"
        >
          Oui
        </button>
      </div>
    </Modal>
  )
}
