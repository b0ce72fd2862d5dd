// spec: admin.parametres — business parameters, role COM_ALI_ADMIN_METIER only.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { isBusinessAdmin } from '../../../../domain/roles'
import { PageHeading } from '../../../ui/page-heading'

export const Route = createFileRoute('/_admin/admin/parametres')({
  staticData: { title: 'Paramètres' },
  beforeLoad: ({ context }) => {
    if (!isBusinessAdmin(context.user.roles)) throw redirect({ to: '/admin/connect-as/selection-tiers' })
  },
  component: () => <PageHeading>Paramètres</PageHeading>,
})
