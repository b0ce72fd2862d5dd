// The banner screen's classes, those of the parameters page: large targets, strong contrast.
export const INPUT =
  'touch-target w-full rounded-lg border-2 border-neutral-700 bg-white px-3 text-lg focus:border-silo-green aria-[invalid=true]:border-red-700'
export const OUTLINE =
  'touch-target flex-auto rounded-full border-2 border-silo-green px-3 font-semibold text-silo-green disabled:border-neutral-300 disabled:text-neutral-500 md:flex-none md:px-5'
export const FILLED =
  'touch-target flex-auto rounded-full bg-silo-green px-3 font-semibold text-white disabled:bg-neutral-300 disabled:text-neutral-600 md:flex-none md:px-5'
export const DANGER =
  'touch-target flex-auto rounded-full border-2 border-red-800 px-3 font-semibold text-red-800 disabled:border-neutral-300 disabled:text-neutral-500 md:flex-none md:px-5'
