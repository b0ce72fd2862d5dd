// The sign-in page as the server serves it to a direct navigation (issue 29, step 3): rendered
// once from the app's own components and never hydrated; a few lines of script
// (src/app/sign-in.ts) wire its buttons. What a component would ask the browser (the cookie
// choice, the browser's make) it reads here, from what the request told the server, and what only
// the browser can decide (the install notice, the device's waiting orders, the versions' tooltip)
// it renders hidden, marked for the script to show.
import { createContext, useContext } from 'react'

export interface StaticRequest {
  /** COOKIE_CONSENT=true came with the request. */
  cookieConsented: boolean
  /** The request's User-Agent (the browser notice's rule reads it). */
  userAgent: string
}

export const StaticPage = createContext<StaticRequest | null>(null)

/** The request of the server's static page, or null in the app (and in its hydrated pages). */
export const useStaticPage = () => useContext(StaticPage)
