// An order line's words for codes: addresses, storage places, truck modes and time slots, from the
// reference data and the customer's addresses (both kept for offline use by the query cache).
import { useQuery } from '@tanstack/react-query'
import type { Referentiel } from '../../contract/referentiel'
import type { Adresse } from '../../contract/tiers'
import { referentielQueryOptions } from '../../api/referentiel'
import { tiersQueryOptions } from '../../api/tiers'
import { referenceLabel } from '../../domain/admin'
import { MESSAGES } from '../../domain/constants'
import { autreLieuTexte, isAutreLieu } from '../../domain/storage-places'

export interface LineLabels {
  adresse: (numAdresse: unknown) => string
  lieu: (code: string) => string
  camion: (code: string | null | undefined) => string
  creneau: (code: string | null | undefined) => string
}

const adresseLabel = (a: Adresse) =>
  [a.adresse1, a.adresse2, a.adresse3, `${a.codePostal} ${a.ville}`].filter((x) => x && x.trim()).join(', ')

/**
 * Once the reference data is known, a code it lacks reads as the spec's placeholder rather than a
 * raw code (cart-orders-admin §2 "Reference-value display"), as in the order detail; before, the
 * code is all there is.
 */
export function lineLabels(ref: Referentiel | undefined, adresses: readonly Adresse[] | undefined): LineLabels {
  return {
    adresse: (n) => {
      const a = adresses?.find((x) => String(x.numAdr) === String(n ?? ''))
      return a ? adresseLabel(a) : `Adresse ${String(n ?? '')}`
    },
    // '997:' places are the farmer's own words, shown as typed.
    lieu: (code) =>
      isAutreLieu(code) ? autreLieuTexte(code) || 'Autre' : ref ? referenceLabel(ref.typesSilo, code, 'type') : code,
    camion: (code) => {
      const c = code || 'VIS'
      const m = ref?.modesCamion.find((x) => x.code === c)
      return m ? [m.libelle, m.libelleOption].filter(Boolean).join(' – ') : ref ? MESSAGES.typeNonReconnu : c
    },
    creneau: (code) =>
      !code ? '' : ref ? (ref.libellesPeriodesLivraisons[code] ?? referenceLabel(ref.periodesLivraison, code)) : code,
  }
}

export function useLineLabels(numTiers: string): LineLabels {
  const ref = useQuery(referentielQueryOptions(numTiers)).data
  const tiers = useQuery(tiersQueryOptions(numTiers)).data
  return lineLabels(ref, tiers?.adresses)
}
