// What is wrong with a folder, row by row: `fichier:ligne:colonne — raison` (issue 40). Every error
// is counted; the first ones of each file are kept to be listed (a file of a million bad rows
// would otherwise fill the memory and the screen).

export interface ImportError {
  fichier: string
  line?: number
  column?: string
  reason: string
}

const MAX_LISTED_PER_FILE = 1000

export class ErrorSink {
  readonly listed: ImportError[] = []
  private readonly perFile = new Map<string, number>()
  total = 0

  add(e: ImportError): void {
    this.total++
    const n = (this.perFile.get(e.fichier) ?? 0) + 1
    this.perFile.set(e.fichier, n)
    if (n <= MAX_LISTED_PER_FILE) this.listed.push(e)
  }

  /** Errors of `fichier`, listed or not. */
  countOf(fichier: string): number {
    return this.perFile.get(fichier) ?? 0
  }

  /** Listed errors sorted by file, line and column, with a count of those left out per file. */
  lines(order: readonly string[]): string[] {
    const rank = (f: string) => {
      const i = order.indexOf(f)
      return i < 0 ? order.length : i
    }
    const sorted = [...this.listed].sort(
      (a, b) =>
        rank(a.fichier) - rank(b.fichier) ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? '').localeCompare(b.column ?? ''),
    )
    const out = sorted.map(formatError)
    for (const [fichier, n] of this.perFile) {
      if (n > MAX_LISTED_PER_FILE) out.push(`${fichier} — … et ${n - MAX_LISTED_PER_FILE} autres erreurs non listées`)
    }
    return out
  }
}

function formatError(e: ImportError): string {
  const where = [e.fichier, e.line, e.column].filter((x) => x !== undefined).join(':')
  return `${where} — ${e.reason}`
}
