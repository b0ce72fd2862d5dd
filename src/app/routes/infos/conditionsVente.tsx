// spec: main.infos.conditionsVente — CGU (general terms of use and sale).
import { createFileRoute } from '@tanstack/react-router'
import { PageHeading } from '../../ui/page-heading'

export const Route = createFileRoute('/infos/conditionsVente')({
  staticData: { title: 'CGU' },
  component: () => (
    <>
      <PageHeading>Conditions générales d'utilisation et de vente</PageHeading>
      <p className="text-neutral-800">Dernière mise à jour : 27/11/2020</p>
    </>
  ),
})
