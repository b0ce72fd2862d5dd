// spec: admin.parametres — the business parameters of both sets (cart-orders-admin §2
// "Parameters page", §3 "Parameter"), by section, one row per parameter. Role COM_ALI_ADMIN_METIER.
import { type JeuParametres } from '../../../contract/limits'
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { parametresQueryOptions } from '../../../api/parametres'
import { EmptyState, PageHeading } from '../../ui/page-heading'
import { QueryStatus } from '../../ui/query-status'
import { ParametreRow } from './parametre-row'
import { categorieTitre, JEU_TITRES, parSection } from './sections'

function Jeu({ jeu }: { jeu: JeuParametres }) {
  const query = useQuery(parametresQueryOptions(jeu))
  const headingId = useId()
  const { titre, sousTitre } = JEU_TITRES[jeu]
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="text-xl font-bold">
        {titre}
      </h2>
      <p className="mb-3 text-base text-neutral-700">{sousTitre}</p>
      <QueryStatus query={query}>
        {query.data?.length === 0 && <EmptyState>Aucun paramètre dans ce jeu.</EmptyState>}
        {parSection(query.data ?? []).map(([categorie, rows]) => {
          const section = categorieTitre(categorie)
          return (
            <section
              key={categorie}
              aria-label={section.titre}
              className="mb-4 rounded-xl border border-black/15 px-3 md:px-4"
            >
              <h3 className="pt-3 text-lg font-bold text-silo-green">{section.titre}</h3>
              {section.sousTitre && <p className="text-sm text-neutral-700">{section.sousTitre}</p>}
              {rows.map((p) => (
                <ParametreRow key={`${p.categorie}-${p.code}`} jeu={jeu} parametre={p} />
              ))}
            </section>
          )
        })}
      </QueryStatus>
    </section>
  )
}

export function ParametresPage() {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading>Paramètres</PageHeading>
      <p className="mb-6 text-base text-neutral-800">
        Choisissez Modifier sur une ligne, saisissez la nouvelle valeur puis Enregister. Une valeur enregistrée
        s'applique aussitôt aux règles de commande.
      </p>
      <Jeu jeu="DEFAULT" />
      <Jeu jeu="CDEA" />
    </div>
  )
}
