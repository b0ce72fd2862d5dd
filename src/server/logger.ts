// One JSON line per event on stdout: what an operator greps and a log shipper reads.
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

function line(level: string, msg: string, fields?: Record<string, unknown>) {
  return JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields })
}

export const consoleLogger: Logger = {
  info: (msg, f) => console.log(line('info', msg, f)),
  warn: (msg, f) => console.warn(line('warn', msg, f)),
  error: (msg, f) => console.error(line('error', msg, f)),
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} }
