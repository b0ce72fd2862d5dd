// spec: main.catalog.cart.confirm — Confirmation de commande (step 3; query numero, mail).
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageHeading } from '../../../../ui/page-heading'
import { Icon } from '../../../../ui/icons'
import { optionalId, optionalText } from '../../../-search'

interface ConfirmSearch {
  numero?: string
  mail?: string
}

export const Route = createFileRoute('/_main/catalog/cart/confirm')({
  staticData: { title: 'Confirmation de commande' },
  validateSearch: (s: Record<string, unknown>): ConfirmSearch => ({
    numero: optionalId(s.numero),
    mail: optionalText(s.mail, 254)?.includes('@') ? optionalText(s.mail, 254) : undefined,
  }),
  component: ConfirmPage,
})

function ConfirmPage() {
  const { numero, mail } = Route.useSearch()
  return (
    <>
      <PageHeading>Confirmation de commande</PageHeading>
      <div className="flex flex-col items-start gap-3 text-lg">
        <Icon name="check" className="h-14 w-14 rounded-full bg-silo-green p-2 text-white" />
        {numero && <p className="font-semibold">Votre commande N°{numero} a bien été enregistrée</p>}
        {mail && <p>Une confirmation vous a été envoyée à l'adresse : {mail}</p>}
        <Link
          to="/catalog"
          className="touch-target mt-2 inline-flex items-center rounded-full bg-silo-green px-5 font-semibold text-white"
        >
          Retour à l'accueil
        </Link>
      </div>
    </>
  )
}
