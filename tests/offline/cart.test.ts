// The cart in Dexie, on fake-indexeddb: add, read, update, delete, the next line's defaults and
// the persistent-storage request; every row keyed by user and customer.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../src/offline/db'
import {
  addCartLines,
  clearMixingAfterEdit,
  deleteCartLine,
  emptyCart,
  readCartComments,
  readCartLine,
  readCartLines,
  readLastDelivery,
  saveCartComments,
  saveLastDelivery,
  setCartMixing,
  updateCartLine,
} from '../../src/offline/cart'
import { askPersistentStorage } from '../../src/offline/persistent-storage'

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

  it('keeps a row it cannot read (written by another version): left out of the cart, reported once, never dropped, never renumbered over', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await addCartLines('u1', '100001', [line('410101')])
    // Written as an older Silo might have: through Dexie's untyped table, as the browser holds it.
    await db.table('cartLines').put({
      owner: 'u1',
      numTiers: '100001',
      idLigne: '002',
      line: { idLigne: '002', quantiteCommande: 'douze' },
      updatedAt: '',
    })
    expect((await readCartLines('u1', '100001')).map((l) => l.idLigne)).toEqual(['001'])
    expect(await readCartLine('u1', '100001', '002')).toBeNull()
    expect(error).toHaveBeenCalledOnce()
    expect(String(error.mock.calls[0]?.[0])).toMatch(
      /^Ligne de panier illisible, gardée sur cet appareil : u1\/100001\/002/,
    )
    const [next] = await addCartLines('u1', '100001', [line('420105')])
    expect(next?.idLigne).toBe('003')
    await emptyCart('u1', '100001')
    expect(await readCartLines('u1', '100001')).toEqual([])
    expect(await db.cartLines.get(['u1', '100001', '002'])).toBeDefined()
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
    await db.cartHeaders.put({
      owner: 'u1',
      numTiers: '100001',
      header: { commentaire: 'Portail bleu' },
      updatedAt: '',
    })
    const last = {
      datePrevueLivraison: '2026-12-01',
      finDatePrevueLivraison: '2026-12-04',
      matinApmidi: 'JM',
      finMatinApmidi: 'ID',
    }
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

const placed = (numArticle: string, date: string, silo1: string, silo2: string | null = null) => ({
  numArticle,
  quantiteCommande: 5,
  numAdresse: 1,
  datePrevueLivraison: date,
  finDatePrevueLivraison: date,
  codeTypeSilo1: silo1,
  codeTypeSilo2: silo2,
})

describe('the cart screen', () => {
  it('empties one cart only, dropping its comments but keeping the next line’s defaults', async () => {
    await addCartLines('u1', '100001', [line('410101'), line('420105')])
    await addCartLines('u1', '100002', [line('450101')])
    const last = {
      datePrevueLivraison: '2026-12-01',
      finDatePrevueLivraison: '2026-12-01',
      matinApmidi: 'ID',
      finMatinApmidi: 'ID',
    }
    await saveLastDelivery('u1', '100001', last)
    await saveCartComments('u1', '100001', { 'Prévenir avant livraison': true, libre: 'Portail bleu' })
    await emptyCart('u1', '100001')
    expect(await readCartLines('u1', '100001')).toEqual([])
    expect(await readCartLines('u1', '100002')).toHaveLength(1)
    expect(await readCartComments('u1', '100001')).toEqual({})
    expect(await readLastDelivery('u1', '100001')).toEqual(last)
    await emptyCart('u1', '100003') // no header row: nothing to do, no error
  })

  it('saves the header comments into the header row, merged with lastDelivery (never overwritten)', async () => {
    expect(await readCartComments('u1', '100001')).toEqual({})
    const last = {
      datePrevueLivraison: '2026-12-01',
      finDatePrevueLivraison: '2026-12-04',
      matinApmidi: 'JM',
      finMatinApmidi: 'ID',
    }
    await saveLastDelivery('u1', '100001', last)
    await saveCartComments('u1', '100001', { 'Prévenir avant livraison': true, libre: 'Chien méchant' })
    await saveCartComments('u1', '100001', { 'Prévenir avant livraison': false, libre: 'Portail bleu' })
    expect(await readCartComments('u1', '100001')).toEqual({ 'Prévenir avant livraison': false, libre: 'Portail bleu' })
    expect(await readCartComments('u1', '100002')).toEqual({})
    await saveLastDelivery('u1', '100001', { ...last, matinApmidi: 'JA' })
    const header = (await db.cartHeaders.get(['u1', '100001']))?.header
    expect(header).toMatchObject({ lastDelivery: { matinApmidi: 'JA' }, commentaires: { libre: 'Portail bleu' } })
  })

  it('sets the mixing flag on every line sharing the date and places, and only those', async () => {
    await addCartLines('u1', '100001', [
      placed('410101', '2026-12-01', '001', '002'),
      placed('410102', '2026-12-01', '001', '002'),
      placed('410104', '2026-12-01', '001'),
      placed('420105', '2026-12-02', '001', '002'),
    ])
    await setCartMixing('u1', '100001', '002', true)
    expect((await readCartLines('u1', '100001')).map((l) => Boolean(l.melangeDechargement))).toEqual([
      true,
      true,
      false,
      false,
    ])
    await setCartMixing('u1', '100001', '001', false)
    expect((await readCartLines('u1', '100001')).map((l) => Boolean(l.melangeDechargement))).toEqual([
      false,
      false,
      false,
      false,
    ])
  })

  it('clears mixing after an edit on the edited line and the lines that shared its dates and places before', async () => {
    await addCartLines('u1', '100001', [
      placed('410101', '2026-12-01', '001'),
      placed('410102', '2026-12-01', '001'),
      placed('410104', '2026-12-03', '003'),
      placed('410105', '2026-12-03', '003'),
    ])
    await setCartMixing('u1', '100001', '001', true)
    await setCartMixing('u1', '100001', '003', true)
    const before = (await readCartLine('u1', '100001', '001'))!
    // The form moves line 001 to silo 003 on the 3rd: it leaves one set and joins another.
    await updateCartLine('u1', '100001', {
      ...before,
      datePrevueLivraison: '2026-12-03',
      finDatePrevueLivraison: '2026-12-03',
      codeTypeSilo1: '003',
    })
    await clearMixingAfterEdit('u1', '100001', before)
    expect((await readCartLines('u1', '100001')).map((l) => Boolean(l.melangeDechargement))).toEqual([
      false,
      false,
      false,
      false,
    ])
    await clearMixingAfterEdit('u1', '100001', { idLigne: '999' }) // a line removed meanwhile: nothing
  })
})
