// The unsupported-browser notice (ordering-area §5 "Other"): the rule is src/domain's.
import { browserNotice } from '../../../domain/browser-support'
import { useStaticPage } from './static-page'

export function BrowserNotice() {
  const staticPage = useStaticPage()
  // The server's render for a hydration has no browser to judge: nothing (a supported browser's
  // page, as hydrated). The static sign-in page judges the request's User-Agent.
  const userAgent = staticPage ? staticPage.userAgent : typeof document === 'undefined' ? null : navigator.userAgent
  const notice = userAgent === null ? null : browserNotice(userAgent)
  if (!notice) return null
  return (
    <p role="status" className="bg-amber-100 px-4 py-3 text-center font-semibold text-amber-950">
      {notice}
    </p>
  )
}
