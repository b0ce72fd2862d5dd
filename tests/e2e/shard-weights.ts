// Seconds each spec file took in CI (two shards on two cores, 2026-11-27, commit 234f844): the
// shards are filled from these, heaviest file first into the lighter shard, so that they end
// together (Playwright's own --shard splits by test count: 580 s against 432 s on that run). A file
// not listed yet weighs DEFAULT_WEIGHT; refresh the table when a file grows a lot (the CI log
// prints each test's time).
export const SHARD_WEIGHTS: Record<string, number> = {
  'a11y.spec.ts': 130,
  'catalog.spec.ts': 92,
  'barn-ready.spec.ts': 79,
  'connection-idle.spec.ts': 63,
  'order-line.spec.ts': 49,
  'cart.spec.ts': 48,
  'legal.spec.ts': 40,
  'payment-offline.spec.ts': 36,
  'outbox.spec.ts': 35,
  'admin-parametres.spec.ts': 32,
  'order-advice.spec.ts': 27,
  'order-acceptance.spec.ts': 26,
  'shared-device.spec.ts': 22,
  'banner.spec.ts': 21,
  'orders.spec.ts': 20,
  'barn-screens.spec.ts': 20,
  'shell.spec.ts': 19,
  'history-paging.spec.ts': 19,
  'history-empty.spec.ts': 17,
  'skeleton.spec.ts': 16,
  'checkout.spec.ts': 15,
  'adviser-outbox.spec.ts': 15,
  'ordered-lot-covered.spec.ts': 14,
  'access.spec.ts': 14,
  'offline-cart.spec.ts': 13,
  'history-layout-shift.spec.ts': 13,
  'signout-offline.spec.ts': 12,
  'pivot.spec.ts': 12,
  'logout.spec.ts': 11,
  'session-expiry.spec.ts': 10,
  'edit-articles.spec.ts': 10,
  'connect-as.spec.ts': 9,
  'notices.spec.ts': 8,
  'first-screen.spec.ts': 8,
  'adviser-offline-switch.spec.ts': 7,
  'install.spec.ts': 5,
  'device-panel.spec.ts': 5,
  'delivery-slots.spec.ts': 4,
  // Skipped in npm test (GLOVES=1 runs it: npm run test:gloves).
  'gloves-sunlight.spec.ts': 0,
}

export const DEFAULT_WEIGHT = 15
