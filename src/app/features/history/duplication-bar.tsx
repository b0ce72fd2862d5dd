// Duplication mode's bar, kept in thumb reach above the phone's tabs: the count and the two ways out.
export function DuplicationBar({
  count,
  onValidate,
  onCancel,
}: {
  count: number
  onValidate: () => void
  onCancel: () => void
}) {
  return (
    <div className="sticky bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-20 mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border-2 border-silo-green bg-white p-3 shadow-lg md:bottom-4">
      <p role="status" className="text-base font-semibold">
        {count > 1 ? `${count} lignes sélectionnées` : `${count} ligne sélectionnée`}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="touch-target rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green"
        >
          Annuler
        </button>
        <button
          type="button"
          onClick={onValidate}
          disabled={count === 0}
          className="touch-target rounded-full bg-silo-green px-4 font-semibold text-white disabled:bg-neutral-400 disabled:text-neutral-900"
        >
          Valider la sélection ({count})
        </button>
      </div>
    </div>
  )
}
