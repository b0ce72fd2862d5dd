// "Commander" on an advised order (issue 18): the order-line button, whose target — the advised
// line (advice-prefill, loaded then) — is built on the tap, with the clock of the tap.
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { OrderLineButton } from './order-line-button'
import type { Advice } from './use-order-advice'

export function AdviceOrderButton({ advice, label = 'Commander' }: { advice: Advice; label?: string }) {
  const { numTiers } = useRouteContext({ from: '/_main' })
  const queryClient = useQueryClient()
  const n = advice.need
  return (
    <OrderLineButton
      label={label}
      target={{ numArticle: n.numArticle, libelleArticle: n.libelleArticle }}
      prepare={async () => (await import('./advice-prefill')).advisedTarget(queryClient, numTiers, advice)}
    />
  )
}
