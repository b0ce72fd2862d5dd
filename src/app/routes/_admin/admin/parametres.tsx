// spec: admin.parametres — business parameters, role COM_ALI_ADMIN_METIER only.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { parametresQueryOptions } from '../../../../api/parametres'
import { isBusinessAdmin } from '../../../../domain/roles'
import { ParametresPage } from '../../../features/admin-parametres/parametres-page'
import { loadQuery } from '../../../query-loader'

export const Route = createFileRoute('/_admin/admin/parametres')({
  staticData: { title: 'Paramètres' },
  beforeLoad: ({ context }) => {
    if (!isBusinessAdmin(context.user.roles)) throw redirect({ to: '/admin/connect-as/selection-tiers' })
  },
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      loadQuery(queryClient, parametresQueryOptions('DEFAULT')),
      loadQuery(queryClient, parametresQueryOptions('CDEA')),
    ]),
  component: ParametresPage,
})
