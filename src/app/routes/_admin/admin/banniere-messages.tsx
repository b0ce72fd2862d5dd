// spec: admin.banniere_messages — the message banner, role COM_ALI_ADMIN_METIER only.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { messagesQueryOptions } from '../../../../api/messages'
import { isBusinessAdmin } from '../../../../domain/roles'
import { BannierePage } from '../../../features/admin-banniere/banniere-page'
import { loadQuery } from '../../../query-loader'

export const Route = createFileRoute('/_admin/admin/banniere-messages')({
  staticData: { title: 'Bannière de messages' },
  beforeLoad: ({ context }) => {
    if (!isBusinessAdmin(context.user.roles)) throw redirect({ to: '/admin/connect-as/selection-tiers' })
  },
  loader: ({ context: { queryClient } }) => loadQuery(queryClient, messagesQueryOptions()),
  component: BannierePage,
})
