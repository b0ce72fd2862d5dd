// The install and cookie notices (issue 16, defect 2): small cards laid over the bottom of the
// screen (above the phone's tab bar), never inserted above the page: nothing shifts when they
// appear. An in-flow spacer of their height at the very end of the document lets the last
// content scroll clear of them; the sign-in page keeps room for them below "Se connecter".
import { useEffect, useRef, useState } from 'react'
import { CookieConsent } from './cookie-consent'
import { InstallPrompt } from './install-prompt'

export function NoticeTray() {
  const ref = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => setHeight(el.offsetHeight))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <div
        ref={ref}
        className="notice-tray fixed inset-x-0 bottom-0 z-40 flex flex-col gap-2 border-t border-black/20 bg-white px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] empty:hidden sm:right-auto sm:left-4 sm:max-w-md sm:border-0 sm:bg-transparent sm:pb-4"
      >
        <InstallPrompt />
        <CookieConsent />
      </div>
    </>
  )
}
