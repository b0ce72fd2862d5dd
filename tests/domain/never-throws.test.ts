// "No validator throws, whatever it is given": every rule that takes outside data, fed anything.
import { describe, it } from 'vitest'
import fc from 'fast-check'
import { validateSlots } from '../../src/domain/slots'
import { parseQuantityInput, stepQuantity, validateQuantity } from '../../src/domain/quantity'
import { validateTruckMode } from '../../src/domain/truck-mode'
import { offeredSupplementations, validateSupplementations } from '../../src/domain/supplements'
import { validateMineralQuantity, validateMineraux } from '../../src/domain/minerals'
import { sanitizePlaces, storagePlaces, validateStoragePlaces } from '../../src/domain/storage-places'
import { validateBuilding, showsBuildingField, isPoultryFamily } from '../../src/domain/articles'
import { validateBannerMessage, validateParameter, validateSearch, referenceLabel } from '../../src/domain/admin'
import { validateDurationInput, parseIsoDuration } from '../../src/domain/durations'
import { parseConflictMessage } from '../../src/domain/conflict'
import { errorDialog, httpStatusLabel } from '../../src/domain/http-status'
import { browserNotice } from '../../src/domain/browser-support'
import { errorLogoutPage } from '../../src/domain/error-logout'
import { orderParametersFromRows, parseHeurePivot } from '../../src/domain/order-parameters'
import { lotType } from '../../src/domain/feeding-plan'
import { mobileStepLabel, orderStepLabel } from '../../src/domain/orders'
import { headerComment } from '../../src/domain/submission'
import { especeOf } from '../../src/domain/species'
import { toDay } from '../../src/domain/calendar'
import { formatDate } from '../../src/domain/format'
import { parseDecimal } from '../../src/domain/tonnes'

// The typed rules (their parameters come from the contract) are fed anything too, cast: a row
// forged on the device or a drifted server must still meet a reported error, never a throw.
const rules: [string, (x: unknown, y: unknown) => unknown][] = [
  ['validateSlots', (x, y) => validateSlots(x as never, Array.isArray(y) ? y : [])],
  ['validateQuantity', (x) => validateQuantity(x as never)],
  ['parseQuantityInput', (x) => parseQuantityInput(x)],
  ['stepQuantity', (x) => stepQuantity(x as never, 1)],
  ['validateTruckMode', (x, y) => validateTruckMode(x as never, y as never, [])],
  ['validateSupplementations', (x) => validateSupplementations(x as never)],
  ['offeredSupplementations', (x, y) => offeredSupplementations(x as never, y as never)],
  ['validateMineralQuantity', (x) => validateMineralQuantity(x as never)],
  ['validateMineraux', (x) => validateMineraux(x as never)],
  ['validateStoragePlaces', (x, y) => validateStoragePlaces(x as never, Array.isArray(y) ? y : null)],
  ['storagePlaces', (x) => storagePlaces(x as never)],
  ['sanitizePlaces', (x) => sanitizePlaces((x ?? {}) as never, [])],
  ['validateBuilding', (x) => validateBuilding(x as never)],
  ['showsBuildingField', (x, y) => showsBuildingField(x as never, y as never)],
  ['isPoultryFamily', (x) => isPoultryFamily(x as never)],
  ['validateBannerMessage', (x) => validateBannerMessage(x as never)],
  ['validateParameter', (x, y) => validateParameter(x as never, y as never, x as never)],
  ['validateSearch', (x) => validateSearch(x as never)],
  ['referenceLabel', (x, y) => referenceLabel(Array.isArray(x) ? x : null, y as never)],
  ['validateDurationInput', (x) => validateDurationInput(x, ['days', 'hours'])],
  ['parseIsoDuration', (x) => parseIsoDuration(x)],
  ['parseConflictMessage', (x) => parseConflictMessage(x)],
  ['httpStatusLabel / errorDialog', (x, y) => [httpStatusLabel(x, y), errorDialog(x, y, x)]],
  ['browserNotice', (x) => browserNotice(x)],
  ['errorLogoutPage', (x) => errorLogoutPage(x)],
  ['orderParametersFromRows', (x) => orderParametersFromRows(x)],
  ['parseHeurePivot', (x) => parseHeurePivot(x)],
  ['lotType', (x) => lotType(x as never)],
  ['orderStepLabel / mobileStepLabel', (x) => [orderStepLabel((x ?? {}) as never), mobileStepLabel(x as never)]],
  ['headerComment', (x) => headerComment(x as never)],
  ['especeOf', (x) => especeOf(x as never)],
  ['toDay / formatDate', (x) => [toDay(x), formatDate(x as never)]],
  ['parseDecimal', (x) => parseDecimal(x)],
]

describe('no validator throws, whatever it is given', () => {
  for (const [name, rule] of rules) {
    it(name, () => {
      fc.assert(
        fc.property(fc.anything(), fc.anything(), (x, y) => void rule(x, y)),
        { numRuns: 300 },
      )
    })
  }
})
