// A list of orders: a table from tablets up, cards on phones (cart-orders-admin §2). Each row
// shows the number, the date and the step label, and opens the detail.
import { Link, useNavigate } from '@tanstack/react-router'
import type { Commande } from '../../../contract/commandes'
import { orderStepLabel } from '../../../domain/orders'
import { EmptyState } from '../../ui/page-heading'
import { orderDay, orderTime } from './order-date'

export function OrderList({
  commandes,
  empty,
  caption,
}: {
  commandes: readonly Commande[]
  /** Said when there are none; without it, nothing is (more may come: the caller's to say). */
  empty?: string
  caption: string
}) {
  const navigate = useNavigate()
  if (commandes.length === 0) return empty ? <EmptyState>{empty}</EmptyState> : null
  return (
    <>
      <table className="hidden w-full border-collapse text-left text-base md:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-neutral-900">
            <th scope="col" className="py-2 pr-4">
              N° de commande
            </th>
            <th scope="col" className="py-2 pr-4">
              Date
            </th>
            <th scope="col" className="py-2 pr-4">
              Étape
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Détails</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {commandes.map((c) => (
            // The whole row opens the detail on a click or a tap (spec: "Clicking a row opens the
            // detail"); the keyboard reaches the same place through the row's link, one tab stop.
            <tr
              key={c.id}
              onClick={(e) => {
                if (!(e.target instanceof Element && e.target.closest('a')))
                  void navigate({ to: '/commandes-en-cours', search: { numero: c.numero } })
              }}
              className="cursor-pointer border-b border-neutral-300 hover:bg-neutral-100"
            >
              <td className="py-2 pr-4 font-semibold">{c.numero}</td>
              <td className="py-2 pr-4">
                {orderDay(c.date)} à {orderTime(c.date)}
              </td>
              <td className="py-2 pr-4">{orderStepLabel(c)}</td>
              <td className="py-2 text-right">
                <Link
                  to="/commandes-en-cours"
                  search={{ numero: c.numero }}
                  className="touch-target inline-flex items-center font-semibold text-silo-green underline"
                >
                  Voir<span className="sr-only"> la commande {c.numero}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid gap-3 md:hidden">
        {commandes.map((c) => (
          <li key={c.id}>
            <Link
              to="/commandes-en-cours"
              search={{ numero: c.numero }}
              className="block rounded-xl border-2 border-neutral-300 bg-white p-4 active:bg-neutral-100"
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="text-lg font-bold whitespace-nowrap">N° {c.numero}</span>
                <span className="text-base whitespace-nowrap text-neutral-800">{orderDay(c.date)}</span>
              </span>
              <span className="mt-1 block text-base font-semibold text-silo-green">{orderStepLabel(c)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
