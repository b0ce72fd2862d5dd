// Konsta's Material tones derived from the brand green come out pale; in sunlight a button must
// be the full green with white text (contrast about 9:1).
export const STRONG_BUTTON = {
  fillBgMaterial: 'bg-silo-green',
  fillTextMaterial: 'text-white',
  textMaterial: 'text-silo-green',
  outlineBorderMaterial: 'border-silo-green',
} as const
