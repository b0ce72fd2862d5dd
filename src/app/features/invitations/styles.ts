// The Invitations screen's classes, those of the other admin screens: large targets, contrast.
export const INPUT =
  'touch-target w-full rounded-lg border-2 border-neutral-700 bg-white px-3 text-lg focus:border-silo-green'
export const OUTLINE =
  'touch-target flex-auto rounded-full border-2 border-silo-green px-3 font-semibold text-silo-green disabled:border-neutral-300 disabled:text-neutral-500 md:flex-none md:px-5'
export const FILLED =
  'touch-target flex-auto rounded-full bg-silo-green px-3 font-semibold text-white disabled:bg-neutral-300 disabled:text-neutral-600 md:flex-none md:px-5'
