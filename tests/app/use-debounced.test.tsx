// @vitest-environment jsdom
// What follows a typed field waits for a pause (cart-orders-admin §9): the order line's quantity
// message 50 ms, shown at once when the typing is over (the field left, a button); the admin
// searches 300 ms.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUANTITY_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS, useDebounced } from '../../src/app/ui/use-debounced'

function Probe({ message, now = false }: { message: string; now?: boolean }) {
  return <p>{useDebounced(message, QUANTITY_DEBOUNCE_MS, now)}</p>
}

function Search({ text }: { text: string }) {
  return <p>{useDebounced(text)}</p>
}

describe('useDebounced', () => {
  let container: HTMLDivElement
  beforeEach(() => {
    vi.useFakeTimers()
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    container = document.createElement('div')
  })
  afterEach(() => vi.useRealTimers())

  it('keeps the first value, then follows a new one only after the pause', () => {
    const root = createRoot(container)
    act(() => root.render(<Probe message="" />))
    expect(container.textContent).toBe('')
    act(() => root.render(<Probe message="Veuillez renseigner une valeur inférieure ou égale à 29 t" />))
    expect(container.textContent).toBe('')
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1))
    expect(container.textContent).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(container.textContent).toBe('Veuillez renseigner une valeur inférieure ou égale à 29 t')
    act(() => root.unmount())
  })

  it('a value typed over before the pause is never shown: each keystroke restarts the wait', () => {
    const root = createRoot(container)
    act(() => root.render(<Probe message="" />))
    act(() => root.render(<Probe message="Veuillez renseigner une quantité valide" />))
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1))
    act(() => root.render(<Probe message="Veuillez renseigner une valeur inférieure ou égale à 29 t" />))
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1))
    expect(container.textContent).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(container.textContent).toBe('Veuillez renseigner une valeur inférieure ou égale à 29 t')
    act(() => root.unmount())
  })

  it('once the typing is over, the current value shows at once and stays after it', () => {
    const root = createRoot(container)
    act(() => root.render(<Probe message="" />))
    act(() => root.render(<Probe message="Veuillez renseigner une quantité valide" />))
    expect(container.textContent).toBe('')
    act(() => root.render(<Probe message="Veuillez renseigner une quantité valide" now />))
    expect(container.textContent).toBe('Veuillez renseigner une quantité valide')
    // Typing again starts from what was shown, not from a value older than it.
    act(() => root.render(<Probe message="Veuillez renseigner une quantité valide" />))
    expect(container.textContent).toBe('Veuillez renseigner une quantité valide')
    act(() => root.render(<Probe message="" />))
    expect(container.textContent).toBe('Veuillez renseigner une quantité valide')
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS))
    expect(container.textContent).toBe('')
    act(() => root.unmount())
  })

  it('a search waits 300 ms by default', () => {
    const root = createRoot(container)
    act(() => root.render(<Search text="" />))
    act(() => root.render(<Search text="Dup" />))
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1))
    expect(container.textContent).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(container.textContent).toBe('Dup')
    act(() => root.unmount())
  })
})
