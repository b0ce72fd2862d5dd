// spec: main.infos.contacts — Contacts.
import { createFileRoute } from '@tanstack/react-router'
import { ContactsPage } from '../../features/legal/contacts'

export const Route = createFileRoute('/infos/contacts')({
  staticData: { title: 'Contacts' },
  component: ContactsPage,
})
