// The contextual help of a page (cart-orders-admin §2 item 6): a "?" button opening a dialog
// with the text the server holds for the page key. Once read it is cached, also offline.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { aideQueryOptions } from '../../api/aides'
import { Modal } from './modal'

export function HelpButton({ cle, label = 'Aide' }: { cle: string; label?: string }) {
  const [open, setOpen] = useState(false)
  const aide = useQuery({ ...aideQueryOptions(cle), enabled: open, meta: { errorDialog: false } })
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        className="touch-target inline-flex items-center justify-center rounded-full border-2 border-silo-green px-3 font-bold text-silo-green"
      >
        ?
      </button>
      <Modal open={open} title={label} onClose={() => setOpen(false)}>
        {aide.isPending && <p>Chargement de l'aide…</p>}
        {aide.isError && <p>L'aide n'est pas disponible pour le moment. Réessayez une fois la connexion revenue.</p>}
        {aide.data && <p className="whitespace-pre-line text-base">{aide.data.texte}</p>}
        <div className="mt-4 flex justify-end">
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="touch-target rounded-xl bg-silo-green px-8 text-lg font-bold text-white"
          >
            Fermer
          </button>
        </div>
      </Modal>
    </>
  )
}
