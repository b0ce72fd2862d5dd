// @vitest-environment jsdom
// The history's advice computed in slices (issue 29): nothing but "pending" in the render that
// asks for it, then, a few tasks later, the same advice the lots' cards compute in their render;
// a need that arrives later is added without dropping what was already shown.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useOrderAdvice, type Need } from '../../src/app/ui/use-order-advice'
import { parisNow } from '../../src/app/ui/now'

const need = (key: string, inDays: number): Need => ({
  key,
  kind: 'regulier',
  numArticle: '410101',
  libelleArticle: `Aliment ${key}`,
  codeTypeArticle: 'AC',
  besoin: 12,
  jourBesoin: parisNow().plus({ days: inDays }).toISODate()!,
  numAdresse: null,
  numBatiment: null,
  numExploitation: null,
})

let shown: { inSlices: boolean; needs: Need[] } = { inSlices: true, needs: [] }
/** Every text the probe rendered, in order. */
let rendered: string[] = []

function Probe() {
  const { advices, pending } = useOrderAdvice('100001', shown.needs, { inSlices: shown.inSlices })
  const text = pending ? 'pending' : advices.map((a) => `${a.need.key}: ${a.text}`).join(' | ')
  rendered.push(text)
  return <p>{text}</p>
}

/** Enough tasks for every slice (one need per task) and the render that shows them. */
async function tasks(n = 10) {
  for (let i = 0; i < n; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

describe('useOrderAdvice in slices', () => {
  let container: HTMLDivElement
  let root: Root
  let router: ReturnType<typeof createRouter>

  beforeEach(async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    shown = { inSlices: true, needs: [] }
    // The order parameters and the reference data are not fetched here: the defaults apply, as
    // offline with nothing kept.
    const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } })
    const rootRoute = createRootRoute({ component: Outlet })
    const main = createRoute({
      getParentRoute: () => rootRoute,
      id: '_main',
      beforeLoad: () => ({ user: { loginAt: null } }),
      component: Outlet,
    })
    // A hook's mode is its caller's for good: a new mode, a new component (and its own advices).
    const page = createRoute({
      getParentRoute: () => main,
      path: '/',
      component: () => <Probe key={String(shown.inSlices)} />,
    })
    router = createRouter({
      routeTree: rootRoute.addChildren([main.addChildren([page])]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    await router.load()
    container = document.createElement('div')
    root = createRoot(container)
    await act(async () =>
      root.render(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    )
  })
  afterEach(() => act(() => root.unmount()))

  const rerender = () => act(() => router.invalidate())

  it('is pending in the render, then gives what the render computes', async () => {
    shown = { inSlices: false, needs: [need('a', 9), need('b', 5)] }
    await rerender()
    const inRender = container.textContent
    expect(inRender).toMatch(/^b: À commander avant le .* \| a: À commander avant le /)

    shown = { inSlices: true, needs: [need('a', 9), need('b', 5)] }
    rendered = []
    await rerender()
    await tasks()
    expect(rendered[0]).toBe('pending')
    expect(container.textContent).toBe(inRender)
  })

  it('a need arriving later is added; those already shown stay while it is computed', async () => {
    shown = { inSlices: true, needs: [need('a', 9)] }
    await rerender()
    await tasks()
    const first = container.textContent
    expect(first).toMatch(/^a: À commander avant le /)

    shown = { inSlices: true, needs: [need('a', 9), need('c', 3)] }
    rendered = []
    await rerender()
    await tasks()
    // c is sooner (or late): first; a's sentence unchanged; never a's alone meanwhile (a summary
    // on half the needs), only "pending" until c is there.
    expect(container.textContent).toMatch(/^c: .* \| a: À commander avant le /)
    expect(container.textContent).toContain(first)
    expect(rendered.filter((t) => t !== 'pending' && !t.startsWith('c: '))).toEqual([])
  })

  it('needs replaced by fewer while a run is under way: what that run computed is drawn', async () => {
    // The run for a and b is cut short by the new needs after computing a: nothing is left to
    // compute for a alone, and a's advice must still be drawn (it stayed "pending" for good).
    shown = { inSlices: true, needs: [need('a', 9), need('b', 5)] }
    await rerender()
    shown = { inSlices: true, needs: [need('a', 9)] }
    await rerender()
    await tasks()
    expect(container.textContent).toMatch(/^a: À commander avant le /)
  })
})
