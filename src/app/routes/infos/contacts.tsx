// spec: main.infos.contacts — Contacts.
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'

export const Route = createFileRoute('/infos/contacts')({
  staticData: { title: 'Contacts' },
  component: () => <PageHeading>Contacts</PageHeading>,
})
