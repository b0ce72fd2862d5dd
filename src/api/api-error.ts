/** A failed HTTP call: the status and the server's French reason, for the global error dialog. */
export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  readonly reason: string | null
  readonly code: string | null
  readonly body: unknown

  constructor(init: {
    status: number
    statusText?: string
    reason?: string | null
    code?: string | null
    body?: unknown
  }) {
    super(init.reason ?? `HTTP ${init.status}`)
    this.name = 'ApiError'
    this.status = init.status
    this.statusText = init.statusText ?? ''
    this.reason = init.reason ?? null
    this.code = init.code ?? null
    this.body = init.body
  }
}

/** The network itself failed (offline, DNS, connection reset): not an answer from the server. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Réseau indisponible', { cause })
    this.name = 'NetworkError'
  }
}
