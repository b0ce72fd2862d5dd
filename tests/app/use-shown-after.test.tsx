// @vitest-environment jsdom
// The cart's loading notice waits 50 ms (cart-orders-admin §9): a cart read at once never flashes it.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DELAI_INDICATEUR_PANIER_MS, useShownAfter } from '../../src/app/ui/use-shown-after'

function Probe({ active }: { active: boolean }) {
  return <p>{useShownAfter(active) ? 'Chargement du panier…' : ''}</p>
}

describe('useShownAfter', () => {
  let container: HTMLDivElement
  beforeEach(() => {
    vi.useFakeTimers()
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    container = document.createElement('div')
  })
  afterEach(() => vi.useRealTimers())

  it('shows nothing while loading is shorter than the delay, then the notice, and hides it once loaded', () => {
    const root = createRoot(container)
    act(() => root.render(<Probe active />))
    expect(container.textContent).toBe('')
    act(() => vi.advanceTimersByTime(DELAI_INDICATEUR_PANIER_MS - 1))
    expect(container.textContent).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(container.textContent).toBe('Chargement du panier…')
    act(() => root.render(<Probe active={false} />))
    expect(container.textContent).toBe('')
    act(() => root.unmount())
  })

  it('a load over before the delay never shows the notice', () => {
    const root = createRoot(container)
    act(() => root.render(<Probe active />))
    act(() => root.render(<Probe active={false} />))
    act(() => vi.advanceTimersByTime(DELAI_INDICATEUR_PANIER_MS * 2))
    expect(container.textContent).toBe('')
    act(() => root.unmount())
  })
})
