// spec: main.infos.mention — Mentions légales.
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'

export const Route = createFileRoute('/infos/mention')({
  staticData: { title: 'Mentions légales' },
  component: () => <PageHeading>Mentions légales</PageHeading>,
})
