// The install and cookie notices (issue 16, defect 2): small cards laid over the bottom of the
// screen (above the phone's tab bar), never inserted above the page: nothing shifts when they
// appear. An in-flow spacer of their height at the very end of the document lets the last
// content scroll clear of them; the sign-in page keeps room for them below "Se connecter".
// Two boxes, not one: the install notice comes whenever the browser offers it (often after the
// cookie notice is shown) and is laid on top of the cookie box, so the cookie notice and its box
// do not move when it arrives (issue 17: a growing tray counted as a layout shift).
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react'
import { CookieConsent } from './cookie-consent'
import { InstallPrompt } from './install-prompt'

const BOX = 'fixed inset-x-0 z-40 border-black/20 bg-white px-2 pt-2 empty:hidden sm:right-auto sm:left-4 sm:max-w-md sm:border-0 sm:bg-transparent'
const AT_BOTTOM = 'pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:pb-4'

/** The element's height, kept up to date. */
function useHeight(ref: RefObject<HTMLDivElement | null>): number {
  const [height, setHeight] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => setHeight(el.offsetHeight))
    ro.observe(el, { box: 'border-box' })
    return () => ro.disconnect()
  }, [ref])
  return height
}

export function NoticeTray() {
  const cookieBox = useRef<HTMLDivElement>(null)
  const installBox = useRef<HTMLDivElement>(null)
  const cookieHeight = useHeight(cookieBox)
  const installHeight = useHeight(installBox)
  return (
    <>
      <div aria-hidden="true" style={{ height: cookieHeight + installHeight }} />
      <div ref={installBox} className={`notice-tray ${BOX} border-t ${cookieHeight ? 'pb-0' : AT_BOTTOM}`} style={{ '--notice-above': `${cookieHeight}px` } as CSSProperties}>
        <InstallPrompt />
      </div>
      <div ref={cookieBox} className={`notice-tray ${BOX} ${AT_BOTTOM} ${installHeight ? '' : 'border-t'}`}>
        <CookieConsent />
      </div>
    </>
  )
}
