// spec: Mention (Informations) — the static pages; readable without being signed in, so they
// sit outside the main shell (which requires a session) with a light frame of their own.
import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { SiteFooter } from '../ui/shell/site-footer'

export const Route = createFileRoute('/infos')({
  staticData: { title: 'Informations' },
  component: InfosLayout,
})

function InfosLayout() {
  return (
    <div className="flex flex-1 flex-col bg-white text-neutral-900">
      <header className="sticky top-0 z-40 bg-silo-green text-white">
        <div className="flex items-center gap-3 px-4 py-2">
          <Link to="/" className="touch-target flex items-center gap-3 font-bold text-white no-underline">
            <img src="/favicon.svg" alt="" width={36} height={36} className="rounded bg-white p-0.5" />
            <span className="text-lg">Silo</span>
          </Link>
        </div>
      </header>
      <main id="contenu" className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 text-base leading-relaxed">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
