// How the rules read a field that may hold anything (a half-filled form, a forged request): a
// string trimmed, a finite number written out, anything else as empty. A rule then reports an
// empty field as missing; it never throws on one.

export const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''
