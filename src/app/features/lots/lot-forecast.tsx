// A lot's feed forecast (issue 18) on its card and its detail: the next tranche of the current
// plan, the tonnes still to order and from which day, and the latest moment to order (or that
// it is late); on the detail, a button opens the order-line form with the line filled in.
// Computed in the browser from cached queries: it works offline like the rest of the screen.
import { useMemo } from 'react'
import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { tiersQueryOptions } from '../../../api/tiers'
import type { Livraisons } from '../../../contract/livraisons'
import type { Lot } from '../../../contract/lots'
import { lotForecast } from '../../../domain/forecast-lots'
import { formatDate, formatTonnesCourt } from '../../../domain/format'
import { lotNeed } from '../../ui/lot-need'
import { AdviceSentence } from '../../ui/advice-sentence'
import { AdviceOrderButton } from '../../ui/advice-order-button'
import { parisNow } from '../../ui/now'
import { useOrderAdvice } from '../../ui/use-order-advice'
import { useRecentDeliveries } from '../../ui/recent-deliveries'

const quiet = { meta: { errorDialog: false }, retry: 1 } as const

export function LotForecast({ lot, withButton = false }: { lot: Lot; withButton?: boolean }) {
  const { numTiers } = useRouteContext({ from: '/_main' })
  // The last deliveries tell where a lot's feed goes and the article's weekdays there: the
  // recent ones the forecasts read, else every page the history (the first screen) loaded, read
  // from the cache (hence the key written out, history-query's historyKey). Without any, the
  // first address applies.
  const history = useQueryClient().getQueryData<InfiniteData<Livraisons>>(['livraisons', numTiers, 'historique'])
  const loaded = useMemo(() => history?.pages.flatMap((p) => p.lignes) ?? [], [history])
  const lignes = useRecentDeliveries(numTiers, loaded).lignes
  const adresses = useQuery({ ...tiersQueryOptions(numTiers), ...quiet }).data?.adresses
  const forecast = useMemo(() => lotForecast(lot, parisNow()), [lot])
  const need = useMemo(() => lotNeed(lot, forecast, lignes, adresses ?? []), [lot, forecast, lignes, adresses])
  const needs = useMemo(() => (need ? [need] : []), [need])
  const advice = useOrderAdvice(numTiers, needs).advices[0]

  if (forecast.kind === 'sans-plan') return null
  if (forecast.kind === 'rien') {
    return (
      <p className="mt-2 text-base font-semibold text-silo-green" data-testid="conseil-commande">
        Rien à commander : les tranches à venir sont couvertes.
      </p>
    )
  }
  const t = forecast.tranche
  return (
    <div className="mt-2 grid gap-1 font-normal">
      <p className="text-base">
        <strong>{formatTonnesCourt(forecast.besoin)}</strong>
        {forecast.article ? ` de ${forecast.article.libelle}` : ''} dès le {formatDate(forecast.jourBesoin)}
        <span className="text-neutral-800">
          {' '}
          (tranche de {t.ageMini} à {t.ageMaxi} jours)
        </span>
      </p>
      {advice && <AdviceSentence advice={advice} className="justify-self-start" />}
      {!forecast.article && <p className="text-base">Aucun article de cette tranche n'est commandable.</p>}
      {withButton && advice && (
        <div className="justify-self-start">
          <AdviceOrderButton advice={advice} label="Commander la tranche" />
        </div>
      )}
    </div>
  )
}
