// Why this user cannot order here (ordering-area §2, error-logout causes).
import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from 'konsta/react'
import { urlPortailQueryOptions } from '../../../api/infos'
import { errorLogoutPage } from '../../../domain/error-logout'
import { STRONG_BUTTON } from '../../ui/button-colors'
import { signOut } from '../../ui/shell/sign-out'
import { SiteFooter } from '../../ui/shell/site-footer'

export function ErrorLogoutPage({ cause }: { cause: string | undefined }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const portail = useQuery(urlPortailQueryOptions())
  const [leaving, setLeaving] = useState(false)
  // Texts and the portal button's visibility (hidden for VGM members) are the shared rule's.
  const page = errorLogoutPage(cause)
  const showPortal = page.boutonPortail && Boolean(portail.data?.url)

  const onLogout = async () => {
    setLeaving(true)
    await signOut(queryClient)
    await navigate({ to: '/login' })
  }

  return (
    <div className="flex flex-1 flex-col bg-white">
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-5 px-4 py-10">
        <img src="/favicon.svg" alt="" width={80} height={80} />
        <h1 className="text-3xl font-bold text-neutral-900">{page.titre}</h1>
        <p className="text-lg text-neutral-800">{page.texte}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {showPortal && (
            <Button
              large
              outline
              inline
              colors={STRONG_BUTTON}
              component="a"
              href={portail.data?.url}
              className="touch-target px-6 font-semibold"
            >
              Retour au portail
            </Button>
          )}
          <Button
            large
            inline
            colors={STRONG_BUTTON}
            className="touch-target px-6 font-semibold"
            onClick={onLogout}
            disabled={leaving}
          >
            Se déconnecter
          </Button>
        </div>
      </main>
      <SiteFooter />
    </div>
  )
}
