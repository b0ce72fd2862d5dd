// spec: error-logout (query: cause) — title Accès non autorisé; back to the portal, logout.
import { createFileRoute } from '@tanstack/react-router'
import { ErrorLogoutPage } from '../features/session/error-logout-page'
import { optionalId } from './-search'

export const Route = createFileRoute('/error-logout')({
  staticData: { title: 'Erreur' },
  validateSearch: (s: Record<string, unknown>): { cause?: string } => ({ cause: optionalId(s.cause) }),
  component: ErrorLogoutRoute,
})

function ErrorLogoutRoute() {
  const { cause } = Route.useSearch()
  return <ErrorLogoutPage cause={cause} />
}
