// spec: the router's root. The page title is "Silo > " + the chain of route titles.
import { useEffect } from 'react'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { pageTitle, useTitleChain } from '../ui/shell/route-titles'
import { RouteError } from '../ui/route-error'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { NotFound } from '../ui/not-found'
import { BrowserNotice } from '../ui/shell/browser-notice'
import { NoticeTray } from '../ui/shell/notice-tray'
import { GlobalErrorDialog } from '../ui/error-dialog'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  errorComponent: RootError,
  notFoundComponent: NotFound,
})

function Root() {
  const chain = useTitleChain()
  const title = pageTitle(chain)
  useEffect(() => {
    document.title = title
  }, [title])
  return (
    <>
      <BrowserNotice />
      <Outlet />
      <NoticeTray />
      <GlobalErrorDialog />
    </>
  )
}

/** The root's failure has no shell around it: the error is the page's main content. */
function RootError(props: ErrorComponentProps) {
  return (
    <main>
      <RouteError {...props} />
    </main>
  )
}
