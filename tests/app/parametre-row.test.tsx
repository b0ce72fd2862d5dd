// @vitest-environment jsdom
// A parameter row saved without a change only leaves editing (cart-orders-admin §4 "Parameter row":
// "Enregister; if the value is unchanged it just cancels"): nothing is sent.
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ParametreRow } from '../../src/app/features/admin-parametres/parametre-row'

let root: Root | null = null
afterEach(() => {
  root?.unmount()
  vi.unstubAllGlobals()
})

const button = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text)!

describe('parameter row', () => {
  it('Enregister with the value unchanged sends nothing and leaves editing', async () => {
    const fetchMock = vi.fn(async () => Response.json({}))
    vi.stubGlobal('fetch', fetchMock)
    window.requestAnimationFrame = (cb) => setTimeout(() => cb(0), 0) as unknown as number
    const container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <ParametreRow
          jeu="DEFAULT"
          parametre={{ categorie: 'HORAIRE_COMMANDE', code: 'HEURE_PIVOT', value: '10:00:00', libelle: 'Heure pivot' }}
        />
      </QueryClientProvider>,
    )
    await vi.waitFor(() => expect(button(container, 'Modifier')).toBeTruthy())
    button(container, 'Modifier').click()
    // The hour typed again as it was.
    const input = container.querySelector('input')!
    expect(input.value).toBe('10')
    const type = (text: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
    type('1')
    type('10')
    await vi.waitFor(() => expect(button(container, 'Enregister').disabled).toBe(false))
    button(container, 'Enregister').click()
    await vi.waitFor(() => expect(button(container, 'Modifier').disabled).toBe(false))
    expect(button(container, 'Enregister').disabled).toBe(true)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
