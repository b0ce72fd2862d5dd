// spec: main.infos.conditionsVente — CGU (general terms of use and sale).
import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '../../features/legal/terms'

export const Route = createFileRoute('/infos/conditionsVente')({
  staticData: { title: 'CGU' },
  component: TermsPage,
})
