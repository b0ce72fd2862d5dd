import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { urlPortailQueryOptions, versionQueryOptions } from '../../../api/infos'
import { APP_VERSION } from '../../app-version'
import { FOOTER_LINKS } from './nav-items'
import { useStaticPage } from './static-page'
import { SIGN_IN_MARK } from './sign-in-marks'

const LINK = 'touch-target inline-flex items-center px-2 text-neutral-900 underline'

/**
 * Footer on every screen (readable without signing in): the static pages, the provider's portal
 * (ordering-area §1) and the versions (§7: the server's version in a tooltip, an error if its
 * call fails).
 */
export function SiteFooter({ className = '' }: { className?: string }) {
  const portail = useQuery({ ...urlPortailQueryOptions(), meta: { errorDialog: false } })
  const [showVersion, setShowVersion] = useState(false)
  // The static sign-in page has the tooltip already filled (its script shows it): the server read
  // its version with the page.
  const staticPage = useStaticPage()
  const back = useQuery({
    ...versionQueryOptions(),
    enabled: showVersion || Boolean(staticPage),
    meta: { errorDialog: false },
  })
  const backVersion = back.isError ? 'erreur' : (back.data?.version ?? 'inconnue')
  return (
    <footer className={`border-t border-black/15 bg-neutral-100 px-4 py-3 ${className}`}>
      <ul className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base">
        {FOOTER_LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={LINK}>
              {l.label}
            </Link>
          </li>
        ))}
        {/* Its place is kept while the address loads, so the version beside it does not move
            when it arrives (and, on the sign-in page, the centred content above does not either). */}
        {portail.isPending ? (
          <li aria-hidden="true" className="invisible">
            <span className={LINK}>Portail de la coopérative</span>
          </li>
        ) : (
          portail.data?.url && (
            <li>
              <a href={portail.data.url} className={LINK}>
                Portail de la coopérative
              </a>
            </li>
          )
        )}
        <li className="relative">
          <button
            type="button"
            aria-expanded={showVersion}
            aria-describedby={showVersion ? 'silo-versions' : undefined}
            onClick={() => setShowVersion((v) => !v)}
            onBlur={() => setShowVersion(false)}
            data-sign-in={SIGN_IN_MARK.version}
            className="touch-target inline-flex items-center px-2 text-neutral-800"
          >
            Version {APP_VERSION}
          </button>
          {(showVersion || staticPage) && (
            <span
              id="silo-versions"
              role="tooltip"
              hidden={!showVersion}
              data-sign-in={SIGN_IN_MARK.versionTip}
              className="absolute bottom-full left-0 mb-1 whitespace-nowrap rounded-lg bg-neutral-900 px-3 py-2 text-sm text-white"
            >
              Application {APP_VERSION} · serveur {backVersion}
            </span>
          )}
        </li>
      </ul>
    </footer>
  )
}
