// The holiday banner (ordering-area §9): public holidays within the parameters' alert delay
// (15 days by default), so a farmer orders before the cooperative's trucks stop. Offline with no
// parameters cached, the national holidays and the default delay still apply.
import { useQuery } from '@tanstack/react-query'
import { parametresCommandeRawQueryOptions } from '../../../api/parametres-commande'
import { upcomingHolidays } from '../../../domain/holiday-alert'
import { DEFAULT_ORDER_PARAMETERS } from '../../../domain/order-parameters'
import { formatDate } from '../../../domain/format'
import { typographie } from '../../../domain/typography'
import { parisToday } from '../today'
import { Banner } from './banner'

export function HolidayBanner({ numTiers }: { numTiers: string }) {
  const params = useQuery({ ...parametresCommandeRawQueryOptions(numTiers), meta: { errorDialog: false } }).data
  const days = params?.delaisCommande.delaiAlerteFeries ?? DEFAULT_ORDER_PARAMETERS.delaiAlerteFeries
  const holidays = upcomingHolidays(parisToday(), days, params?.joursFeries ?? [])
  if (holidays.length === 0) return null
  return (
    <Banner label="Jours fériés à venir" text={holidays.map((j) => j.date).join(' ')}>
      {holidays.map((j) => (
        <p key={j.date} className="text-base font-medium text-neutral-900">
          {typographie(
            `Jour férié le ${formatDate(j.date)} (${j.libelle}) : pas de livraison ce jour-là, pensez à anticiper vos commandes.`,
          )}
        </p>
      ))}
    </Banner>
  )
}
