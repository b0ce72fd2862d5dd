// The lots' part of the "À commander" panel: each lot's next tranche (src/domain lotForecast),
// handed to the panel as needs. Loaded only for a customer with lots, so the history of a
// cattle farmer never carries the feeding-plan rules.
import { useEffect, useMemo } from 'react'
import type { LigneLivraison } from '../../../contract/livraisons'
import type { Adresse } from '../../../contract/tiers'
import { lotForecast } from '../../../domain/forecast-lots'
import { lotNeed } from '../../ui/lot-need'
import { useLots } from '../../ui/use-lots'
import { parisNow } from '../../ui/now'
import type { Need } from '../../ui/use-order-advice'

interface Props {
  owner: string
  numTiers: string
  lignes: readonly LigneLivraison[]
  adresses: readonly Adresse[]
  /** `pending`: the lots' first answer is still awaited (the panel then says nothing yet). */
  onNeeds: (needs: Need[], dataUpdatedAt: number, failed: boolean, pending: boolean) => void
}

export default function LotNeeds({ owner, numTiers, lignes, adresses, onNeeds }: Props) {
  // With the orders still in this device's outbox counted as ordered (ui/use-lots).
  const { query: lots, lots: withQueued } = useLots(owner, numTiers, { quiet: true })
  const needs = useMemo(() => {
    const now = parisNow()
    return (withQueued ?? [])
      .map((lot) => lotNeed(lot, lotForecast(lot, now), lignes, adresses))
      .filter((n): n is Need => n !== null)
  }, [withQueued, lignes, adresses])
  const { dataUpdatedAt, isRefetchError, isLoading } = lots
  useEffect(
    () => onNeeds(needs, dataUpdatedAt, isRefetchError, isLoading),
    [needs, dataUpdatedAt, isRefetchError, isLoading, onNeeds],
  )
  return null
}
