// A route could not load: most often no signal and nothing cached yet. Say so and offer a retry.
// Plain markup (no Konsta): it sits in the entry chunk, which must stay small and always load.
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { NetworkError } from '../../api/api-error'

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = error instanceof NetworkError
  return (
    <main className="mx-auto max-w-xl p-4" role="alert">
      <h1 className="text-2xl font-bold text-neutral-900">{offline ? 'Réseau indisponible' : 'Erreur'}</h1>
      <p className="my-8 text-base text-neutral-800">
        {offline
          ? 'Pas de réseau et aucune donnée enregistrée sur cet appareil pour cette page.'
          : error instanceof Error
            ? error.message
            : String(error)}
      </p>
      <button
        type="button"
        className="touch-target rounded-full bg-silo-green px-6 text-lg font-semibold text-white"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        Réessayer
      </button>
    </main>
  )
}
