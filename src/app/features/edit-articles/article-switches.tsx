// A list of articles, each with a switch for "orderable by this member". The switch flips only
// once the server has confirmed (cart-orders-admin §4 "Article toggle").
import type { ArticleModifiable } from '../../../contract/articles-admin'
import { EmptyState } from '../../ui/page-heading'

interface Props {
  articles: readonly ArticleModifiable[]
  empty: string
  pending: string | null
  onToggle: (a: ArticleModifiable) => void
}

export function ArticleSwitches({ articles, empty, pending, onToggle }: Props) {
  if (articles.length === 0) return <EmptyState>{empty}</EmptyState>
  return (
    <ul className="grid gap-2 lg:grid-cols-2">
      {articles.map((a) => {
        const id = `art-${a.numArticle}`
        const busy = pending === a.numArticle
        return (
          <li
            key={a.numArticle}
            className="flex items-center justify-between gap-3 rounded-xl border-2 border-neutral-300 bg-white px-4 py-2"
          >
            <label htmlFor={id} className="min-w-0 flex-1 py-1">
              <span className="block text-lg font-semibold">{a.libelle}</span>
              <span className="block text-base text-neutral-800">
                Article {a.numArticle} ·{' '}
                {busy ? 'enregistrement…' : a.artCommandable ? 'commandable' : 'non commandable'}
              </span>
            </label>
            <button
              id={id}
              type="button"
              role="switch"
              aria-checked={a.artCommandable}
              disabled={pending !== null}
              onClick={() => onToggle(a)}
              className={`touch-target relative h-9 w-16 shrink-0 rounded-full border-2 border-neutral-900 transition-colors disabled:opacity-60 ${a.artCommandable ? 'bg-silo-green' : 'bg-neutral-300'}`}
            >
              <span className="sr-only">Commandable</span>
              <span
                aria-hidden="true"
                className={`absolute top-1/2 h-6 w-6 -translate-y-1/2 rounded-full bg-white shadow transition-all ${a.artCommandable ? 'left-8' : 'left-1'}`}
              />
            </button>
          </li>
        )
      })}
    </ul>
  )
}
