// spec: Mention (Informations) — redirects to the conditions page.
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/infos/')({
  beforeLoad: () => {
    throw redirect({ to: '/infos/conditionsVente' })
  },
})
