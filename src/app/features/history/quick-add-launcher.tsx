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
import type { Batiment } from '../../../contract/exploitations'
import { CODE_AUTRE_LIEU } from '../../../domain/constants'
import { QuickAddDialog } from './quick-add-dialog'
import type { DuplicableLine } from './quick-add-lines'
import { useEffect, useMemo } from 'react'

interface Props {
  owner: string
  numTiers: string
  lines: readonly LigneLivraison[]
  onClose: () => void
  onResult: (message: string, added: boolean) => void
}

// The delivery's building is copied only while it is still one of the customer's.
const toDuplicable = (l: LigneLivraison, batiments: readonly Batiment[]): DuplicableLine => ({
  key: `${l.numLivraison}-${l.numLigne}`,
  numArticle: l.numArticle,
  libelleArticle: l.libelleArticle,
  codeTypeArticle: l.codeTypeArticle ?? null,
  codeFamilleArticle: l.codeFamilleArticle ?? null,
  numAdresse: l.numAdresse ?? null,
  numExploitation: l.numExploitation ?? null,
  numBatiment: ownBuilding(batiments, l.numBatiment) ? l.numBatiment : null,
  numLot: l.numLot ?? null,
  quantiteLivree: l.quantiteLivree,
  artCommandable: l.artCommandable === true,
  contraintes: l.contraintesLivraison ?? null,
})

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
