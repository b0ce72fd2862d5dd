import type { ReactNode } from 'react'

/** The screen's h1 (one per page) and optional actions beside it. */
export function PageHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      {/* min-w-0: a word longer than the whole line ("confidentialité" at 200 %) breaks, the page
          does not scroll sideways; its size at most 11 % of the screen's width (styles.css). */}
      <h1 className="min-w-0 text-2xl font-bold text-neutral-900">{children}</h1>
      {actions}
    </div>
  )
}

/** What a list shows when it has nothing (the spec's empty texts). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-black/15 bg-neutral-50 p-4 text-base text-neutral-800">{children}</p>
}
