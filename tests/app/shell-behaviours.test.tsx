// @vitest-environment jsdom
// Two behaviours of the shell no end-to-end test reaches (issue 27, docs/spec-trace.md): the
// browser warns before leaving a page while the cart holds lines (ordering-area §4 "Logout"), and
// the version tooltip reads 'inconnue' until the server's version is loaded, an error if its call
// fails (ordering-area §8, cart-orders-admin §2).
import 'fake-indexeddb/auto'
import type { ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../src/offline/db'
import { addCartLines } from '../../src/offline/cart'
import LeaveGuard from '../../src/app/ui/shell/leave-guard'
import { SiteFooter } from '../../src/app/ui/shell/site-footer'
import { AdminShell } from '../../src/app/ui/shell/admin-shell'

let root: Root | null = null
let container: HTMLDivElement

async function mount(ui: ReactNode) {
  const queryClient = new QueryClient()
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  root = createRoot(container)
  root.render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

/** Clicks the version button once the footer shows it. */
async function openVersion() {
  const button = await vi.waitFor(() => {
    const b = container.querySelector<HTMLButtonElement>('button[aria-expanded]')
    if (!b) throw new Error('the footer is not shown yet')
    return b
  })
  button.click()
}

/** Whether leaving the page now would be stopped to ask the user. */
function leavingIsStopped() {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

// Rendered as in the browser (no act): each check waits for what the screen shows.
beforeEach(async () => {
  window.scrollTo = () => undefined // the router restores the scroll position; jsdom has none
  container = document.createElement('div')
  document.body.append(container)
  await db.open()
  await db.cartLines.clear()
})
afterEach(async () => {
  root?.unmount()
  root = null
  container.remove()
  vi.unstubAllGlobals()
})

describe('leaving the page with a non-empty cart', () => {
  it('the browser warns on leaving the page while the cart holds a line, not when it is empty', async () => {
    await mount(<LeaveGuard owner="u1" numTiers="100001" />)
    expect(leavingIsStopped()).toBe(false)
    await addCartLines('u1', '100001', [{ numArticle: '410101', quantiteCommande: 5 }])
    await vi.waitFor(() => expect(leavingIsStopped()).toBe(true))
    await db.cartLines.clear()
    await vi.waitFor(() => expect(leavingIsStopped()).toBe(false))
  })
})

describe('the version tooltip', () => {
  const tooltip = () => container.querySelector('[role="tooltip"]')?.textContent

  it("reads 'inconnue' until the server's version is loaded, then the version", async () => {
    let answer: (r: Response) => void = () => undefined
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        String(url).includes('/version')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(Response.json({ url: 'https://portail.example.org' })),
      ),
    )
    await mount(<SiteFooter />)
    await openVersion()
    await vi.waitFor(() => expect(tooltip()).toBe('Application 27.0.0 · serveur inconnue'))
    answer(Response.json({ version: '27.0.0' }))
    await vi.waitFor(() => expect(tooltip()).toBe('Application 27.0.0 · serveur 27.0.0'))
  })

  it('shows an error when the version call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        String(url).includes('/version')
          ? Promise.resolve(Response.json({ message: 'Erreur technique du serveur' }, { status: 500 }))
          : Promise.resolve(Response.json({ url: 'https://portail.example.org' })),
      ),
    )
    await mount(<SiteFooter />)
    await openVersion()
    await vi.waitFor(() => expect(tooltip()).toBe('Application 27.0.0 · serveur erreur'), { timeout: 5_000 })
  })
})

describe('the admin shell (cart-orders-admin §2, admin 3)', () => {
  const versionLine = () => [...container.querySelectorAll('nav p')].map((p) => p.textContent).join('')
  const menu = () =>
    [...container.querySelectorAll('nav[aria-label="Menu d\'administration"] a')].map((a) => a.textContent)

  it('menu: Rechercher un adhérent, and Paramètres and Bannière de messages only for a business admin; a logout button', async () => {
    // Answered at once: a request left hanging would be shared with the next test's (coalescing).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ version: '27.0.0', url: 'https://portail.example.org' })),
    )
    await mount(
      <AdminShell owner="admin" displayName="Conseiller" isBusinessAdmin={false}>
        <p>Écran</p>
      </AdminShell>,
    )
    await vi.waitFor(() => expect(menu()).toEqual(['Rechercher un adhérent']))
    expect(container.querySelector('header button')?.textContent).toContain('Déconnexion')
    root?.unmount()
    await mount(
      <AdminShell owner="admin" displayName="Administrateur" isBusinessAdmin>
        <p>Écran</p>
      </AdminShell>,
    )
    // Invitations (issue 48) is the business admin's too: the cooperative's going live.
    await vi.waitFor(() =>
      expect(menu()).toEqual(['Rechercher un adhérent', 'Paramètres', 'Bannière de messages', 'Invitations']),
    )
  })

  it("the versions: front 27.0.0, back 'inconnue' until loaded, 'error' on failure", async () => {
    // The version call hangs until released, then fails (its retry too).
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    const failure = () => Response.json({ message: 'Erreur technique du serveur' }, { status: 500 })
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        String(url).includes('/version') ? released.then(failure) : new Promise<Response>(() => undefined),
      ),
    )
    await mount(
      <AdminShell owner="admin" displayName="Administrateur" isBusinessAdmin>
        <p>Écran</p>
      </AdminShell>,
    )
    await vi.waitFor(() => expect(versionLine()).toBe('Version 27.0.0 · back inconnue'))
    release()
    await vi.waitFor(() => expect(versionLine()).toBe('Version 27.0.0 · back error'), { timeout: 5_000 })
  })
})
