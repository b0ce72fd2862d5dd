// spec: main.catalog.cart.confirm — Confirmation de commande (step 3; query numero, mail).
// `envoi` names the outbox item of the order confirmed on this device, followed until it is received.
import { createFileRoute } from '@tanstack/react-router'
import { ConfirmationPage } from '../../../../features/confirmation/confirmation-page'
import { REGLES } from '../../../../../contract/identifiants'
import { optionalIdentifiant, optionalText } from '../../../-search'

interface ConfirmSearch {
  envoi?: string
  numero?: string
  mail?: string
}

const outboxKey = (value: unknown) => {
  const s = optionalText(value, 64)
  return s && /^[A-Za-z0-9-]{8,64}$/.test(s) ? s : undefined
}

export const Route = createFileRoute('/_main/catalog/cart/confirm')({
  staticData: { title: 'Confirmation de commande' },
  validateSearch: (s: Record<string, unknown>): ConfirmSearch => ({
    envoi: outboxKey(s.envoi),
    numero: optionalIdentifiant(s.numero, REGLES.numCommande),
    mail: optionalText(s.mail, 254)?.includes('@') ? optionalText(s.mail, 254) : undefined,
  }),
  component: ConfirmRoute,
})

function ConfirmRoute() {
  const { user, numTiers } = Route.useRouteContext()
  const { envoi, numero, mail } = Route.useSearch()
  return <ConfirmationPage owner={user.username} numTiers={numTiers} envoi={envoi} numero={numero} mail={mail} />
}
