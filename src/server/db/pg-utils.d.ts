// pg's own serialisation of a query parameter (pg/lib/utils.js, not in @types/pg): what it would
// send for a value, used by batched-reads.ts to write a parameter in as a literal.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null }
  export default utils
}
