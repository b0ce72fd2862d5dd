// What a catalog screen shows before it has data: loading, or why nothing can be shown.
import type { ReactNode } from 'react'
import { NetworkError } from '../../api/api-error'
import { useOnline } from './use-online'

interface QueryLike {
  data: unknown
  isPending: boolean
  error: Error | null
  refetch: () => unknown
}

export function QueryStatus({ query, children }: { query: QueryLike; children: ReactNode }) {
  const online = useOnline()
  if (query.data !== undefined) return <>{children}</>
  if (query.error) {
    const offline = query.error instanceof NetworkError || !online
    return (
      <div role="alert" className="rounded-lg border-2 border-neutral-900 bg-neutral-50 p-4 text-base">
        <p>
          {offline
            ? 'Pas de réseau et aucune donnée enregistrée sur cet appareil pour cette page.'
            : query.error.message}
        </p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="touch-target mt-3 rounded-full bg-silo-green px-6 font-semibold text-white"
        >
          Réessayer
        </button>
      </div>
    )
  }
  if (!online) {
    return (
      <p role="status" className="text-base">
        Pas de réseau et aucune donnée enregistrée sur cet appareil pour cette page.
      </p>
    )
  }
  return (
    <p role="status" className="text-base text-neutral-800">
      Chargement…
    </p>
  )
}
