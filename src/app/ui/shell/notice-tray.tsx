// The install and cookie notices (issue 16, defect 2): small cards laid over the bottom of the
// screen (above the phone's tab bar), never inserted above the page: nothing shifts when they
// appear. An in-flow spacer of their height at the very end of the document lets the last
// content scroll clear of them; the sign-in page keeps room for them below "Se connecter".
// The install notice comes whenever the browser offers it, often after the cookie notice is
// shown: it is laid just above the tray (absolutely), so the tray keeps its size and place and
// the cookie notice does not move when it arrives (issue 17: a growing tray was a layout shift).
// When the screen is short for its text (200 % text on a phone, a phone held sideways) they would
// cover most of it: they then sit in the page's flow at its end instead (styles.css, issue 28).
import { useEffect, useRef, useState, type RefObject } from 'react'
import { CookieConsent } from './cookie-consent'
import { InstallPrompt } from './install-prompt'

const BOX = 'notice-box border-t border-black/20 bg-white px-2 pt-2 empty:hidden sm:border-0 sm:bg-transparent'

/** The element's height (border box), kept up to date. */
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
  const tray = useRef<HTMLDivElement>(null)
  const install = useRef<HTMLDivElement>(null)
  const spacer = useHeight(tray) + useHeight(install)
  return (
    <>
      {/* No style attribute in the server's render (its CSP refuses inline style attributes): the
          height is set once measured, in the browser, through the DOM. */}
      <div aria-hidden="true" className="notice-spacer" style={spacer ? { height: spacer } : undefined} />
      <div ref={tray} className="notice-tray fixed inset-x-0 bottom-0 z-40 sm:right-auto sm:left-4 sm:max-w-md">
        <div ref={install} className={`notice-install absolute inset-x-0 bottom-full pb-2 ${BOX}`}>
          <InstallPrompt />
        </div>
        <div className={`pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:pb-4 ${BOX}`}>
          <CookieConsent />
        </div>
      </div>
    </>
  )
}
