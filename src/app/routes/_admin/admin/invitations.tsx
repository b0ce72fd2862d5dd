// Issue 48: inviting every sign-in account at once — role COM_ALI_ADMIN_METIER only.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { isBusinessAdmin } from '../../../../domain/roles'
import { InvitationsPage } from '../../../features/invitations/invitations-page'

export const Route = createFileRoute('/_admin/admin/invitations')({
  staticData: { title: 'Invitations' },
  beforeLoad: ({ context }) => {
    if (!isBusinessAdmin(context.user.roles)) throw redirect({ to: '/admin/connect-as/selection-tiers' })
  },
  component: InvitationsPage,
})
