// A route could not load: most often no signal and nothing cached yet. Say so and offer a retry.
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Block, Button } from 'konsta/react'
import { STRONG_BUTTON } from './button-colors'
import { NetworkError } from '../../api/api-error'

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = error instanceof NetworkError
  return (
    <main className="mx-auto max-w-xl p-4" role="alert">
      <h1 className="text-2xl font-bold text-neutral-900">{offline ? 'Réseau indisponible' : 'Erreur'}</h1>
      <Block className="!px-0 text-base text-neutral-800">
        {offline ? 'Pas de réseau et aucune donnée enregistrée sur cet appareil pour cette page.' : error instanceof Error ? error.message : String(error)}
      </Block>
      <Button
        large
        inline
        colors={STRONG_BUTTON}
        className="touch-target px-6 font-semibold"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        Réessayer
      </Button>
    </main>
  )
}
