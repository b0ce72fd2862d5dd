// The diagnostic dialog (cart-orders-admin §2): an article number, the server's raw answer as
// JSON, or 'Erreur lors du diagnostic' when it gave no data.
import { useId, useState, type FormEvent } from 'react'
import { fetchDiagnostic } from '../../../api/articles-admin'
import { Modal } from '../../ui/modal'

export function DiagnosticDialog({ numTiers, onClose }: { numTiers: string; onClose: () => void }) {
  const [num, setNum] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [running, setRunning] = useState(false)
  const fieldId = useId()
  const errorId = useId()

  const run = async (e: FormEvent) => {
    e.preventDefault()
    const n = num.trim().toUpperCase()
    if (!/^[0-9A-Z]{1,20}$/.test(n)) {
      setError("Veuillez renseigner un numéro d'article")
      return
    }
    setError(null)
    setRunning(true)
    try {
      setResult(JSON.stringify(await fetchDiagnostic(numTiers, n), null, 2))
    } catch {
      setResult(null)
      setError('Erreur lors du diagnostic')
    } finally {
      setRunning(false)
    }
  }

  return (
    <Modal open title="Diagnostic d'un article" onClose={onClose}>
      <form noValidate onSubmit={(e) => void run(e)} className="grid gap-3">
        <label htmlFor={fieldId} className="text-base font-semibold">
          Numéro d'article *
        </label>
        <input
          id={fieldId}
          value={num}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setNum(e.target.value)}
          className="touch-target rounded-lg border-2 border-neutral-700 px-3 text-lg"
        />
        {error && (
          <p id={errorId} role="alert" className="text-base font-semibold text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            className="touch-target rounded-full border-2 border-silo-green px-6 font-semibold text-silo-green"
          >
            Fermer
          </button>
          <button
            type="submit"
            disabled={running}
            className="touch-target rounded-full bg-silo-green px-6 font-semibold text-white disabled:opacity-60"
          >
            {running ? 'Diagnostic…' : 'Lancer le diagnostic'}
          </button>
        </div>
      </form>
      {result && (
        <pre
          aria-label="Résultat du diagnostic"
          tabIndex={0}
          className="mt-4 max-h-80 overflow-auto rounded-lg bg-neutral-100 p-3 text-sm"
        >
          {result}
        </pre>
      )}
    </Modal>
  )
}
