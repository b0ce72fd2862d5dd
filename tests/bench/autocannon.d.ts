// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (req: Request) => Request
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    /** A number of requests to send, instead of a duration. */
    amount?: number
    headers?: Record<string, string>
    requests?: Request[]
    method?: string
  }
  interface Histogram {
    average: number
    p50: number
    p99: number
    total: number
  }
  export interface Result {
    requests: Histogram
    latency: Histogram
    non2xx: number
    errors: number
    timeouts: number
    '2xx': number
    statusCodeStats?: Record<string, { count: number }>
  }
  function autocannon(opts: Options): Promise<Result>
  export default autocannon
}
