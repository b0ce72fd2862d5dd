// spec: main.admin.edit_articles — Gestion articles, only for role COM_ALI_ECRITURE_ARTICLE.
// Lives in the main shell (pathless `_main`), beside the admin shell's /admin pages (`_admin`).
import { createFileRoute, redirect } from '@tanstack/react-router'
import { canEditArticles } from '../../../../domain/roles'
import { PageHeading } from '../../../ui/page-heading'

export const Route = createFileRoute('/_main/admin/edit-articles')({
  staticData: { title: 'Administration - Modification des articles commandables' },
  beforeLoad: ({ context }) => {
    if (!canEditArticles(context.user.roles)) throw redirect({ to: '/catalog/order_history' })
  },
  component: EditArticlesPage,
})

function EditArticlesPage() {
  return (
    <>
      <PageHeading>Administration - Modification des articles commandables</PageHeading>
      <h2 className="mb-2 text-xl font-bold">Articles ajoutés manuellement mais non encore commandés</h2>
    </>
  )
}
