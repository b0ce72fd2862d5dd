// Readiness tells the truth about memory (issue 42): near its heap's limit an instance answers 503
// on /public/infos/pret, so a load balancer sends new requests elsewhere before the process aborts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { heapPressure, HIGH_HEAP_SHARE } from '../../src/server/http/memory-pressure'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get } from './support/app'

const heap = vi.hoisted(() => ({ used: 0 }))
vi.mock('node:v8', async (original) => {
  const v8 = await original<typeof import('node:v8')>()
  return {
    ...v8,
    getHeapStatistics: () => {
      const real = v8.getHeapStatistics()
      return heap.used ? { ...real, used_heap_size: heap.used * real.heap_size_limit } : real
    },
  }
})

describe('heapPressure', () => {
  it('is high only beyond the share of the limit', () => {
    const limit = 256 * 1024 * 1024
    expect(heapPressure({ used_heap_size: 0.5 * limit, heap_size_limit: limit })).toBe('normale')
    expect(heapPressure({ used_heap_size: HIGH_HEAP_SHARE * limit, heap_size_limit: limit })).toBe('normale')
    expect(heapPressure({ used_heap_size: 0.9 * limit, heap_size_limit: limit })).toBe('haute')
  })
})

describe('readiness near the heap limit', () => {
  let opened: OpenedTestDb
  beforeAll(async () => {
    opened = await backends[0]!.open()
  })
  afterAll(async () => {
    heap.used = 0
    await opened?.close()
  })

  it('answers 503 with the reason while the heap is high, 200 once it is down again', async () => {
    const { app } = buildTestApp(opened.db)
    heap.used = 0.95
    const high = await get(app, '/public/infos/pret')
    expect(high.status).toBe(503)
    expect(await high.json()).toEqual({
      base: 'disponible',
      memoire: 'haute',
      message: 'Le serveur est près de sa limite de mémoire : veuillez réessayer dans quelques instants.',
    })
    heap.used = 0
    const back = await get(app, '/public/infos/pret')
    expect(back.status).toBe(200)
    expect(await back.json()).toEqual({ base: 'disponible', memoire: 'normale' })
  })
})
