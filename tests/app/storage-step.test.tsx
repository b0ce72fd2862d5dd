// @vitest-environment jsdom
// The order-line form's storage step (ordering-area §2 "Storage places", cart-orders-admin §5):
// choosing a building clears the places, as the form wires it (not only the domain's helper).
import { createRoot, type Root } from 'react-dom/client'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StorageStep } from '../../src/app/features/order-line/storage-step'
import type { OrderLineValues } from '../../src/app/features/order-line/order-line-values'
import type { Batiment } from '../../src/contract/exploitations'

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

const batiments: Batiment[] = [
  { numBatiment: 11, numExploitation: 1, libelle: 'Poulailler 1', codeFiliere: '60', typesSilo: [{ code: 'B11' }] },
  { numBatiment: 12, numExploitation: 1, libelle: 'Poulailler 2', codeFiliere: '60', typesSilo: [{ code: 'B12' }] },
]
const typesSilo = [
  { code: '001', libelle: 'Silo 1' },
  { code: 'B11', libelle: 'Silo du poulailler 1' },
  { code: 'B12', libelle: 'Silo du poulailler 2' },
]
const NO_WARNING = { codeTypeSilo1: null, codeTypeSilo2: null, codeTypeSilo3: null }

let root: Root | null = null
let container: HTMLDivElement
let form: UseFormReturn<OrderLineValues>

function Step({ values }: { values: Partial<OrderLineValues> }) {
  form = useForm<OrderLineValues>({ defaultValues: { ...EMPTY, ...values } })
  return (
    <StorageStep
      form={form}
      showBuilding
      batiments={batiments}
      typesSilo={typesSilo}
      typesSiloDefault={['001']}
      warnings={NO_WARNING}
    />
  )
}

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

const select = (name: string) => container.querySelector<HTMLSelectElement>(`select[name="${name}"]`)
function choose(name: string, value: string) {
  const el = select(name)!
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(el, value)
  el.dispatchEvent(new Event('change', { bubbles: true }))
}

describe('the storage step', () => {
  it('choosing a building clears the places, in the form as the farmer uses it', async () => {
    mount({ numBatiment: '11', codeTypeSilo1: 'B11', codeTypeSilo2: '001', codeTypeSilo3: '997', autre3: 'Hangar' })
    await vi.waitFor(() => expect(select('codeTypeSilo3')).toBeTruthy())
    expect(select('codeTypeSilo1')!.value).toBe('B11')
    choose('numBatiment', '12')
    await vi.waitFor(() => expect(form.getValues('codeTypeSilo1')).toBe(''))
    expect(form.getValues(['codeTypeSilo2', 'codeTypeSilo3', 'autre3'])).toEqual(['', '', ''])
    expect(form.getValues('numBatiment')).toBe('12')
    // Only the first place shows again (the 2nd once the 1st is filled), with the new building's silos.
    await vi.waitFor(() => expect(select('codeTypeSilo2')).toBeNull())
    const offered = [...select('codeTypeSilo1')!.options].map((o) => o.value)
    expect(offered).toContain('B12')
    expect(offered).not.toContain('B11')
    // Back to no building: cleared again.
    choose('codeTypeSilo1', 'B12')
    await vi.waitFor(() => expect(form.getValues('codeTypeSilo1')).toBe('B12'))
    choose('numBatiment', '')
    await vi.waitFor(() => expect(form.getValues('codeTypeSilo1')).toBe(''))
  })
})
