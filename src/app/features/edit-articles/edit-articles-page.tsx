// spec: main.admin.edit_articles — which articles the member acted for may order. Search
// 'Nom ou numéro d'article' from 3 characters (300 ms debounce, earlier searches cancelled); the
// non-orderable articles found; 'Articles ajoutés manuellement mais non encore commandés'; the
// diagnostic dialog.
import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ajoutesQueryOptions, nonCommandablesQueryOptions, setArticleCommandable } from '../../../api/articles-admin'
import type { ArticleModifiable } from '../../../contract/articles-admin'
import { shouldSearch, validateSearch } from '../../../domain/admin'
import { PageHeading } from '../../ui/page-heading'
import { QueryStatus } from '../../ui/query-status'
import { useDebounced } from '../../ui/use-debounced'
import { ArticleSwitches } from './article-switches'
import { DiagnosticDialog } from './diagnostic-dialog'

export function EditArticlesPage({ numTiers }: { numTiers: string }) {
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const search = useDebounced(text).trim()
  const found = useQuery({ ...nonCommandablesQueryOptions(numTiers, search), enabled: shouldSearch(search) })
  const ajoutes = useQuery(ajoutesQueryOptions(numTiers))
  const [diagnostic, setDiagnostic] = useState(false)
  const fieldId = useId()
  const hintId = useId()
  const searchError = validateSearch(text)

  const toggle = useMutation({
    mutationFn: (a: ArticleModifiable) => setArticleCommandable(numTiers, a.numArticle, !a.artCommandable),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['articles-modifiables', numTiers] }),
        // The member's Aliments follows at once.
        queryClient.invalidateQueries({ queryKey: ['articles', numTiers] }),
      ]),
  })
  const pending = toggle.isPending ? (toggle.variables?.numArticle ?? null) : null
  // The article may leave the list it was in: say what the server answered, which is not always
  // what was asked (an article the rules never allow stays not orderable whatever staff choose).
  const done = toggle.isSuccess && toggle.data ? toggleOutcome(toggle.variables.artCommandable, toggle.data) : null

  return (
    <>
      <PageHeading
        actions={
          <button
            type="button"
            onClick={() => setDiagnostic(true)}
            className="touch-target inline-flex items-center gap-2 rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green"
          >
            <span aria-hidden="true" className="text-lg font-bold">
              ?
            </span>{' '}
            Diagnostic
          </button>
        }
      >
        Administration - Modification des articles commandables
      </PageHeading>

      <p
        role="status"
        className={
          done
            ? 'mb-4 rounded-lg border-2 border-silo-green bg-silo-green/10 px-3 py-2 text-base font-semibold'
            : 'sr-only'
        }
      >
        {done}
      </p>
      <section aria-labelledby="recherche-articles" className="mb-8">
        <h2 id="recherche-articles" className="mb-2 text-xl font-bold">
          Articles non commandables
        </h2>
        <label htmlFor={fieldId} className="mb-1 block text-base font-semibold">
          Nom ou numéro d'article
        </label>
        <input
          id={fieldId}
          type="search"
          value={text}
          autoComplete="off"
          aria-describedby={hintId}
          aria-invalid={searchError ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          className="touch-target mb-1 w-full max-w-xl rounded-lg border-2 border-neutral-700 px-3 text-lg"
        />
        <p id={hintId} className={`mb-3 text-base ${searchError ? 'font-semibold text-red-800' : 'text-neutral-800'}`}>
          {searchError ?? 'Au moins 3 caractères. Activez un article pour le rendre commandable par cet adhérent.'}
        </p>
        {shouldSearch(search) && (
          <QueryStatus query={found}>
            <ArticleSwitches
              articles={found.data ?? []}
              empty="Aucun article non commandable ne correspond à cette recherche."
              pending={pending}
              onToggle={(a) => toggle.mutate(a)}
            />
          </QueryStatus>
        )}
      </section>

      <section aria-labelledby="articles-ajoutes">
        <h2 id="articles-ajoutes" className="mb-2 text-xl font-bold">
          Articles ajoutés manuellement mais non encore commandés
        </h2>
        <QueryStatus query={ajoutes}>
          <ArticleSwitches
            articles={ajoutes.data ?? []}
            empty="Aucun article ajouté manuellement en attente de commande."
            pending={pending}
            onToggle={(a) => toggle.mutate(a)}
          />
        </QueryStatus>
      </section>

      {diagnostic && <DiagnosticDialog numTiers={numTiers} onClose={() => setDiagnostic(false)} />}
    </>
  )
}

/** What the switch did, from the server's answer; `wasOrderable` is the state before the click. */
function toggleOutcome(wasOrderable: boolean, saved: ArticleModifiable): string {
  if (!wasOrderable && !saved.artCommandable)
    return `« ${saved.libelle} » reste non commandable : les règles de la coopérative ne permettent jamais de commander cet article (voir Diagnostic).`
  return `« ${saved.libelle} » est maintenant ${saved.artCommandable ? 'commandable' : 'non commandable'} pour cet adhérent.`
}
