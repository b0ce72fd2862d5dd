// spec: main.infos.commandesEnCours — Commandes en cours (menu: Commandes internet).
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'
import { HelpButton } from '../../ui/help-button'

export const Route = createFileRoute('/_main/commandes-en-cours')({
  staticData: { title: 'Commandes en cours' },
  component: CommandesPage,
})

function CommandesPage() {
  return (
    <>
      <PageHeading actions={<HelpButton cle="COMMANDE" label="Aide : vos commandes" />}>Commandes internet</PageHeading>
      <section aria-labelledby="en-cours" className="mb-6">
        <h2 id="en-cours" className="mb-2 text-xl font-bold">Commandes en cours</h2>
      </section>
      <section aria-labelledby="historique">
        <h2 id="historique" className="mb-2 text-xl font-bold">Historique des commandes</h2>
      </section>
    </>
  )
}
