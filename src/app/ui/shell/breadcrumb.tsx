// Desktop breadcrumb: the chain of titles above the current page, each step a link back. The page
// itself is not repeated: its h1 names it just below (issue 43, item 11: "Historique" twice on a
// tablet). A page with nothing above it has no breadcrumb.
import { Link } from '@tanstack/react-router'
import { useTitleChain } from './route-titles'

export function Breadcrumb() {
  const above = useTitleChain().slice(0, -1)
  if (above.length === 0) return null
  return (
    <nav aria-label="Fil d'Ariane" className="hidden md:block px-4 pt-3 text-base">
      <ol className="flex flex-wrap items-center gap-1 text-neutral-700">
        {above.map((m) => (
          <li key={m.id} className="flex items-center gap-1">
            {/* A pathless layout (the admin shell) has no page of its own to go back to. */}
            {m.pathname === '/' ? (
              <span>{m.title}</span>
            ) : (
              // 44 px high: a gloved finger's target, like every other link (issue 28).
              <Link to={m.pathname} className="inline-flex min-h-11 items-center underline text-neutral-800">
                {m.title}
              </Link>
            )}
            <span aria-hidden="true">›</span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
