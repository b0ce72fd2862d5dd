// Opens the quick-add dialog for the selected lines once what it needs is known: the slots and
// places (referentiel), the order parameters (holidays, delays), the buildings (their silo types).
// No delivery weekday common to the articles: the message, and no dialog (§5).
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { DateTime } from 'luxon'
import { batimentsQueryOptions } from '../../../api/exploitations'
import { parametresCommandeQueryOptions } from '../../../api/parametres-commande'
import { referentielQueryOptions } from '../../../api/referentiel'
import type { LigneLivraison } from '../../../contract/livraisons'
import { commonDeliveryWeekdays } from '../../../domain/delivery-window'
import { allowedSiloTypes, ownBuilding } from '../../../domain/storage-places'
import { CODE_AUTRE_LIEU } from '../../../domain/constants'
import { QuickAddDialog } from './quick-add-dialog'
import { toDuplicable, type DuplicableLine } from './quick-add-lines'
import { useEffect, useMemo } from 'react'

interface Props {
  owner: string
  numTiers: string
  lines: readonly LigneLivraison[]
  onClose: () => void
  onResult: (message: string, added: boolean) => void
}

export function QuickAddLauncher({ owner, numTiers, lines, onClose, onResult }: Props) {
  const referentiel = useQuery(referentielQueryOptions(numTiers)).data
  const params = useQuery(parametresCommandeQueryOptions(numTiers))
  const batimentsQuery = useQuery(batimentsQueryOptions(numTiers))
  const batiments = batimentsQuery.data ?? []
  const duplicable = lines.map((l) => toDuplicable(l, batiments))
  const { user } = useRouteContext({ from: '/_main' })
  const sessionStart = useMemo(() => (user.loginAt ? DateTime.fromISO(user.loginAt) : null), [user.loginAt])
  const { message } = commonDeliveryWeekdays(duplicable.map((l) => l.contraintes))

  useEffect(() => {
    if (message) onResult(message, false)
  }, [message, onResult])
  // Offline with no cached parameters the defaults of the spec apply (the server re-checks).
  if (
    message ||
    !referentiel ||
    (params.isPending && params.fetchStatus === 'fetching') ||
    (batimentsQuery.isPending && batimentsQuery.fetchStatus === 'fetching')
  )
    return null

  const typesSiloDefault = referentiel.typesSiloDefault
  const allowed = (l: DuplicableLine) => allowedSiloTypes(ownBuilding(batiments, l.numBatiment), typesSiloDefault)
  const codes = new Set(duplicable.flatMap(allowed))
  // "Autre" needs its own text field per line: the order-line form offers it, not the quick-add.
  codes.delete(CODE_AUTRE_LIEU)
  const places = referentiel.typesSilo.filter((t) => codes.has(t.code))

  return (
    <QuickAddDialog
      lines={duplicable}
      periodes={referentiel.periodesLivraison}
      places={places}
      allowedPlaces={allowed}
      params={params.data}
      sessionStart={sessionStart}
      owner={owner}
      numTiers={numTiers}
      onClose={onClose}
      onAdded={(m) => onResult(m, true)}
    />
  )
}
