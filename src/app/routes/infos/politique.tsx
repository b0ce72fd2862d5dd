// spec: main.infos.politiqueConfidentialite — Politique de confidentialité.
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'

export const Route = createFileRoute('/infos/politique')({
  staticData: { title: 'Politique de confidentialité' },
  component: () => <PageHeading>Politique de confidentialité</PageHeading>,
})
