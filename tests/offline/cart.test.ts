// The cart in Dexie, on fake-indexeddb: add, read, update, delete, the next line's defaults and
// the persistent-storage request; every row keyed by user and customer.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../src/offline/db'
import {
  addCartLines, askPersistentStorage, deleteCartLine, readCartLine, readCartLines, readLastDelivery, saveLastDelivery, updateCartLine,
} from '../../src/offline/cart'

const line = (numArticle: string, quantiteCommande = 5) => ({ numArticle, quantiteCommande, codeModeCamion: 'VIS' })

beforeEach(async () => {
  await db.open()
  await Promise.all([db.cartLines.clear(), db.cartHeaders.clear()])
})
afterEach(() => vi.restoreAllMocks())

describe('cart lines', () => {
  it('numbers lines 001, 002… per user and customer, and reads them in order', async () => {
    const [a, b] = await addCartLines('u1', '100001', [line('410101'), line('420105')])
    expect([a?.idLigne, b?.idLigne]).toEqual(['001', '002'])
    const [c] = await addCartLines('u1', '100002', [line('450101')])
    expect(c?.idLigne).toBe('001')
    expect((await readCartLines('u1', '100001')).map((l) => l.numArticle)).toEqual(['410101', '420105'])
    expect(await readCartLine('u1', '100001', '002')).toMatchObject({ numArticle: '420105' })
    expect(await readCartLine('u2', '100001', '002')).toBeNull()
  })

  it('updates a line in place, keeping its number', async () => {
    const [a] = await addCartLines('u1', '100001', [line('410101')])
    expect(await updateCartLine('u1', '100001', { ...a!, quantiteCommande: 12.5 })).toBe(true)
    const lines = await readCartLines('u1', '100001')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ idLigne: '001', quantiteCommande: 12.5 })
  })

  it('only logs the update of an unknown line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(await updateCartLine('u1', '100001', { idLigne: '042', numArticle: '410101' })).toBe(false)
    expect(warn).toHaveBeenCalledOnce()
    expect(await readCartLines('u1', '100001')).toEqual([])
  })

  it('deletes one line, and deleting it twice is harmless; the next number never reuses a kept one', async () => {
    await addCartLines('u1', '100001', [line('410101'), line('420105'), line('410104')])
    await deleteCartLine('u1', '100001', '002')
    await deleteCartLine('u1', '100001', '002')
    expect((await readCartLines('u1', '100001')).map((l) => l.idLigne)).toEqual(['001', '003'])
    const [d] = await addCartLines('u1', '100001', [line('410102')])
    expect(d?.idLigne).toBe('004')
  })
})

describe("the next line's defaults", () => {
  it('remembers the last dates and slots per user and customer, keeping the header’s other fields', async () => {
    expect(await readLastDelivery('u1', '100001')).toBeNull()
    await db.cartHeaders.put({ owner: 'u1', numTiers: '100001', header: { commentaire: 'Portail bleu' }, updatedAt: '' })
    const last = { datePrevueLivraison: '2026-12-01', finDatePrevueLivraison: '2026-12-04', matinApmidi: 'JM', finMatinApmidi: 'ID' }
    await saveLastDelivery('u1', '100001', last)
    expect(await readLastDelivery('u1', '100001')).toEqual(last)
    expect(await readLastDelivery('u1', '100002')).toBeNull()
    expect((await db.cartHeaders.get(['u1', '100001']))?.header).toMatchObject({ commentaire: 'Portail bleu' })
  })
})

describe('persistent storage', () => {
  it('asks navigator.storage.persist once, at the first line', async () => {
    const persist = vi.fn(async () => true)
    vi.stubGlobal('navigator', { storage: { persist, persisted: async () => false } })
    expect(await askPersistentStorage()).toBe(true)
    expect(await askPersistentStorage()).toBe(false)
    expect(persist).toHaveBeenCalledOnce()
    vi.unstubAllGlobals()
  })
})
