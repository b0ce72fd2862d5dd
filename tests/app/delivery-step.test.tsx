// @vitest-environment jsdom
// The order-line form's delivery step asks its two questions and Non clears the date asked about
// (ordering-area §5): 'Intervalle de date' empties the end date, 'Période anticipée' the start.
import { createRoot, type Root } from 'react-dom/client'
import { useForm } from 'react-hook-form'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DeliveryStep } from '../../src/app/features/order-line/delivery-step'
import type { OrderLineValues } from '../../src/app/features/order-line/order-line-values'
import { MESSAGES } from '../../src/domain/constants'
import { paris } from '../domain/helpers'

const EMPTY: OrderLineValues = {
  quantiteCommande: '',
  numAdresse: '',
  numContrat: '',
  supplementations: [],
  mineraux: [],
  numBatiment: '',
  codeTypeSilo1: '',
  codeTypeSilo2: '',
  codeTypeSilo3: '',
  autre1: '',
  autre2: '',
  autre3: '',
  modeLibelle: '',
  modeOption: false,
  datePrevueLivraison: '',
  finDatePrevueLivraison: '',
  matinApmidi: '',
  finMatinApmidi: '',
}

// Monday 23 November 2026, 9:00: the first allowed date is Tuesday 24.
function Step({ values }: { values: Partial<OrderLineValues> }) {
  const form = useForm<OrderLineValues>({ defaultValues: { ...EMPTY, ...values } })
  return <DeliveryStep form={form} modes={[]} periodes={[]} windowCtx={{ now: paris('2026-11-23T09:00') }} />
}

let root: Root | null = null
let container: HTMLDivElement

beforeAll(() => {
  // jsdom has no modal dialogs: open and close as the browser would.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
})
afterEach(() => {
  root?.unmount()
  container.remove()
})

function mount(values: Partial<OrderLineValues>) {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  root.render(<Step values={values} />)
}

const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
function type(name: string, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(name), value)
  input(name).dispatchEvent(new Event('input', { bubbles: true }))
}
const question = () => container.querySelector('dialog[open]')
const answerNon = () => [...question()!.querySelectorAll('button')].find((b) => b.textContent === 'Non')!.click()

describe('the delivery step questions', () => {
  it('Intervalle de date: an end beyond 5 working days asks, and Non clears the end date', async () => {
    mount({ datePrevueLivraison: '2026-11-24' })
    await vi.waitFor(() => expect(input('finDatePrevueLivraison')).toBeTruthy())
    type('finDatePrevueLivraison', '2026-12-02')
    await vi.waitFor(() => expect(question()?.textContent).toContain(MESSAGES.intervalle))
    expect(question()!.querySelector('h2')?.textContent).toBe('Intervalle de date')
    answerNon()
    await vi.waitFor(() => expect(input('finDatePrevueLivraison').value).toBe(''))
    expect(input('datePrevueLivraison').value).toBe('2026-11-24')
  })

  it('Période anticipée: an early start asks, and Non clears the start date', async () => {
    mount({})
    await vi.waitFor(() => expect(input('datePrevueLivraison')).toBeTruthy())
    type('datePrevueLivraison', '2026-11-27')
    await vi.waitFor(() => expect(question()?.textContent).toContain(MESSAGES.periodeAnticipee))
    answerNon()
    await vi.waitFor(() => expect(input('datePrevueLivraison').value).toBe(''))
  })

  it('dates the form opens with (the last ones chosen, an advice) are not asked about (issue 43)', async () => {
    // An early start and a long range, both filled in by the app: no question until the farmer types.
    mount({ datePrevueLivraison: '2026-11-24', finDatePrevueLivraison: '2026-12-04' })
    await vi.waitFor(() => expect(input('datePrevueLivraison').value).toBe('2026-11-24'))
    await new Promise((r) => setTimeout(r, 50))
    expect(question()).toBeNull()
    type('datePrevueLivraison', '2026-11-25')
    await vi.waitFor(() => expect(question()?.textContent).toContain(MESSAGES.periodeAnticipee))
  })
})

describe('the delivery step dates', () => {
  it('a start moved past the end moves the end to its default (issue 43)', async () => {
    mount({ datePrevueLivraison: '2026-11-30', finDatePrevueLivraison: '2026-12-02' })
    await vi.waitFor(() => expect(input('finDatePrevueLivraison').value).toBe('2026-12-02'))
    type('datePrevueLivraison', '2026-12-07')
    // Five working days after Monday 07/12: Monday 14/12.
    await vi.waitFor(() => expect(input('finDatePrevueLivraison').value).toBe('2026-12-14'))
    // Moved back before the end: the end stays.
    type('datePrevueLivraison', '2026-12-08')
    await new Promise((r) => setTimeout(r, 50))
    expect(input('finDatePrevueLivraison').value).toBe('2026-12-14')
  })
})
