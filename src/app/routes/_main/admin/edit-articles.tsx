// spec: main.admin.edit_articles — Gestion articles, only for role COM_ALI_ECRITURE_ARTICLE.
// Lives in the main shell (pathless `_main`), beside the admin shell's /admin pages (`_admin`).
import { createFileRoute, redirect } from '@tanstack/react-router'
import { canEditArticles } from '../../../../domain/roles'
import { EditArticlesPage } from '../../../features/edit-articles/edit-articles-page'

export const Route = createFileRoute('/_main/admin/edit-articles')({
  staticData: { title: 'Administration - Modification des articles commandables' },
  beforeLoad: ({ context }) => {
    if (!canEditArticles(context.user.roles)) throw redirect({ to: '/catalog/order_history' })
  },
  component: EditArticlesRoute,
})

function EditArticlesRoute() {
  const { numTiers } = Route.useRouteContext()
  return <EditArticlesPage numTiers={numTiers} />
}
