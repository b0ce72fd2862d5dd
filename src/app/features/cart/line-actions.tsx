// A cart line's Modifier and Supprimer (cart-orders-admin §2): two buttons from tablets up, a
// menu on phones (< 768 px) where two labelled buttons per line would crowd the card.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { usePhone } from '../../ui/use-media'

const EDIT =
  'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z'
const DELETE = 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z'
const MORE =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2zm0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2z'

export function Svg({ d, className = 'h-6 w-6' }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  )
}

interface Props {
  /** Names the line for screen readers: "Modifier la ligne VL Production…". */
  name: string
  onEdit: () => void
  onDelete: () => void
}

export function LineActions(props: Props) {
  const phone = usePhone()
  return phone ? <LineMenu {...props} /> : <LineButtons {...props} />
}

function LineButtons({ name, onEdit, onDelete }: Props) {
  return (
    <div className="flex max-w-full shrink-0 flex-wrap gap-2">
      <button
        type="button"
        onClick={onEdit}
        aria-label={`Modifier la ligne ${name}`}
        className="touch-target inline-flex items-center gap-2 rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green"
      >
        <Svg d={EDIT} className="h-5 w-5" /> Modifier
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Supprimer la ligne ${name}`}
        className="touch-target inline-flex items-center gap-2 rounded-full border-2 border-red-800 px-4 font-semibold text-red-800"
      >
        <Svg d={DELETE} className="h-5 w-5" /> Supprimer
      </button>
    </div>
  )
}

function LineMenu({ name, onEdit, onDelete }: Props) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const trigger = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  useEffect(() => {
    if (!open) return
    menu.current?.querySelector('button')?.focus()
    const outside = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !trigger.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])
  const choose = (action: () => void) => {
    setOpen(false)
    action()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll('button') ?? [])]
    const i = items.indexOf(document.activeElement as HTMLButtonElement)
    if (e.key === 'Escape') {
      e.preventDefault()
      setOpen(false)
      trigger.current?.focus()
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus()
    }
  }
  const item = 'touch-target flex w-full items-center gap-3 px-4 text-left text-lg font-semibold'
  return (
    <div className="relative shrink-0">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Actions sur la ligne ${name}`}
        onClick={() => setOpen((o) => !o)}
        className="touch-target inline-flex items-center justify-center rounded-full border-2 border-neutral-700 text-neutral-900"
      >
        <Svg d={MORE} />
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={`Actions sur la ligne ${name}`}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-10 mt-1 w-56 overflow-hidden rounded-xl border-2 border-neutral-900 bg-white shadow-lg"
        >
          <li role="none">
            <button type="button" role="menuitem" onClick={() => choose(onEdit)} className={`${item} text-silo-green`}>
              <Svg d={EDIT} /> Modifier
            </button>
          </li>
          <li role="none" className="border-t border-neutral-300">
            <button type="button" role="menuitem" onClick={() => choose(onDelete)} className={`${item} text-red-800`}>
              <Svg d={DELETE} /> Supprimer
            </button>
          </li>
        </ul>
      )}
    </div>
  )
}
