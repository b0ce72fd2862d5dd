// The lots: cards on phones, a table on tablets (§2 "Lots & plans"); 'Voir' opens the detail.
import { Link } from '@tanstack/react-router'
import type { Lot } from '../../../contract/lots'
import { formatDate } from '../../../domain/format'
import { usePhone } from '../../ui/use-media'
import { LotForecast } from './lot-forecast'

export interface LotNames {
  exploitation: (l: Lot) => string
  batiment: (l: Lot) => string
}

const search = (l: Lot) => ({
  numExploitation: String(l.numExploitation),
  numBatiment: String(l.numBatiment),
  numLot: l.numLot,
})
const VOIR =
  'touch-target inline-flex items-center justify-center rounded-full bg-silo-green px-5 font-semibold text-white'

export function LotsList({ lots, names }: { lots: readonly Lot[]; names: LotNames }) {
  const phone = usePhone()
  if (phone) {
    return (
      <ul className="grid gap-3">
        {lots.map((l) => (
          <li key={l.numLot} className="rounded-xl border-2 border-neutral-300 bg-white p-4">
            <h2 className="text-lg font-bold">Lot {l.numLot}</h2>
            <dl className="mt-1 pairs gap-x-3 text-base">
              <dt className="text-neutral-800">Exploitation</dt>
              <dd>{names.exploitation(l)}</dd>
              <dt className="text-neutral-800">Bâtiment</dt>
              <dd>{names.batiment(l)}</dd>
              <dt className="text-neutral-800">Mise en place</dt>
              <dd>{formatDate(l.dateMep)}</dd>
            </dl>
            <LotForecast lot={l} />
            <Link
              to="/catalog/lots"
              search={search(l)}
              className={`${VOIR} mt-3 w-full`}
              aria-label={`Voir le lot ${l.numLot}`}
            >
              Voir
            </Link>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <table className="w-full border-collapse text-left text-base">
      <thead>
        <tr className="border-b-2 border-neutral-900">
          <th scope="col" className="py-2 pr-3">
            Exploitation
          </th>
          <th scope="col" className="py-2 pr-3">
            Bâtiment
          </th>
          <th scope="col" className="py-2 pr-3">
            Lot
          </th>
          <th scope="col" className="py-2 pr-3">
            Mise en place
          </th>
          <th scope="col" className="py-2">
            <span className="sr-only">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lots.map((l) => (
          <tr key={l.numLot} className="border-b border-neutral-300">
            <td className="py-2 pr-3">{names.exploitation(l)}</td>
            <td className="py-2 pr-3">{names.batiment(l)}</td>
            <td className="py-2 pr-3 font-semibold">
              {l.numLot}
              <LotForecast lot={l} />
            </td>
            <td className="py-2 pr-3">{formatDate(l.dateMep)}</td>
            <td className="py-2 text-right">
              <Link to="/catalog/lots" search={search(l)} className={VOIR} aria-label={`Voir le lot ${l.numLot}`}>
                Voir
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
