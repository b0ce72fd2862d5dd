// The Contentieux dialog (ordering-area §4, §8): a blocking payment incident shows it, nothing of
// the ordering area behind it, then the user is logged out (staff acting for the member go back
// to the member selection).
import { useState } from 'react'
import { MESSAGES } from '../../../domain/constants'
import { Modal } from '../../ui/modal'

export function ContentieuxDialog({ onLogout }: { onLogout: () => Promise<void> }) {
  const [busy, setBusy] = useState(false)
  const leave = () => {
    if (busy) return
    setBusy(true)
    void onLogout()
  }
  return (
    <main className="min-h-dvh bg-neutral-100">
      <Modal open title={MESSAGES.contentieuxTitre} onClose={leave} role="alertdialog">
        <p className="text-lg">{MESSAGES.contentieux}</p>
        <div className="mt-4 flex justify-end">
          <button
            type="button"
            onClick={leave}
            disabled={busy}
            className="touch-target rounded-full bg-silo-green px-6 text-base font-bold text-white disabled:opacity-60"
          >
            {busy ? 'Déconnexion…' : 'Se déconnecter'}
          </button>
        </div>
      </Modal>
    </main>
  )
}
