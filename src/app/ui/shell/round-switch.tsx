// "Changer de client" for an adviser on their round (issue 52): the members of the round are chosen
// here, on the device, with or without the network (api/round: the server's proof goes with their
// requests). Another member goes through the cooperative's search, so it needs the network: said
// plainly when there is none. Nothing of any member is erased: each keeps their cart.
import type { Tournee } from '../../../contract/tournee'
import { Modal } from '../modal'

interface Props {
  round: Tournee
  /** The member acted for now. */
  current: string
  online: boolean
  onChoose: (numTiers: string) => void
  /** The member search (online only). */
  onOther: () => void
  onClose: () => void
}

export function RoundSwitch({ round, current, online, onChoose, onOther, onClose }: Props) {
  return (
    <Modal open title="Changer de client" onClose={onClose}>
      <p className="mb-3 text-base">Votre tournée, prête sur cet appareil :</p>
      <ul className="mb-4 flex flex-col gap-2">
        {round.membres.map((m) => (
          <li key={m.numTiers}>
            <button
              type="button"
              disabled={m.numTiers === current}
              aria-current={m.numTiers === current ? 'true' : undefined}
              onClick={() => onChoose(m.numTiers)}
              className="touch-target flex w-full flex-col items-start rounded-xl border-2 border-silo-green px-4 py-2 text-left disabled:border-neutral-400 disabled:bg-neutral-100"
            >
              <span className="font-semibold">{m.raisonSociale}</span>
              <span className="text-neutral-700">
                N° {m.numTiers}
                {m.numTiers === current ? ' · client actuel' : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {online ? (
        <button
          type="button"
          onClick={onOther}
          className="touch-target mb-3 w-full rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green"
        >
          Autre adhérent…
        </button>
      ) : (
        <p className="mb-3 text-base">
          Un adhérent hors de votre tournée ne peut pas être choisi sans réseau : la recherche et le choix passent par
          la coopérative.
        </p>
      )}
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white"
        >
          Continuer pour ce client
        </button>
      </div>
    </Modal>
  )
}
