// The unsupported-browser notice (ordering-area §5 "Other"): the rule is src/domain's.
import { browserNotice } from '../../../domain/browser-support'

export function BrowserNotice() {
  // The server's render has no browser to judge: nothing (a supported browser's page, as hydrated).
  const notice = typeof document === 'undefined' ? null : browserNotice(navigator.userAgent)
  if (!notice) return null
  return (
    <p role="status" className="bg-amber-100 px-4 py-3 text-center font-semibold text-amber-950">
      {notice}
    </p>
  )
}
