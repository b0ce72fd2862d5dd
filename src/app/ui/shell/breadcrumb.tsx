// Desktop breadcrumb: the same chain of titles as the page title, each step a link back.
import { Link } from '@tanstack/react-router'
import { useTitleChain } from './route-titles'

export function Breadcrumb() {
  const chain = useTitleChain()
  if (chain.length === 0) return null
  return (
    <nav aria-label="Fil d'Ariane" className="hidden md:block px-4 pt-3 text-base">
      <ol className="flex flex-wrap items-center gap-1 text-neutral-700">
        {chain.map((m, i) => {
          const last = i === chain.length - 1
          // A pathless layout (the admin shell) has no page of its own to go back to.
          const linkable = !last && m.pathname !== '/'
          return (
            <li key={m.id} className="flex items-center gap-1">
              {!linkable ? (
                <>
                  <span
                    aria-current={last ? 'page' : undefined}
                    className={last ? 'font-semibold text-neutral-900' : ''}
                  >
                    {m.title}
                  </span>
                  {!last && <span aria-hidden="true">›</span>}
                </>
              ) : (
                <>
                  {/* 44 px high: a gloved finger's target, like every other link (issue 28). */}
                  <Link to={m.pathname} className="inline-flex min-h-11 items-center underline text-neutral-800">
                    {m.title}
                  </Link>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
