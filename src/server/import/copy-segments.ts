// A file's COPY segments (stage.ts): the reader's budget of bytes read and not yet copied, all
// files together, and the statements each file queued on the staging session.
import { finished } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

/**
 * COPY text read and not yet copied, all files together: what the reader may hold ahead of
 * PostgreSQL, outside the JavaScript heap. The merge runs statements of seconds (3 million delivery
 * lines' key: 3.4 s) while the next files are read: with 32 MB ahead, the reader waited on them.
 */
export class CopyBudget {
  private held = 0
  private readonly waiting: Array<() => void> = []
  constructor(private readonly bytes = 256 * 1024 * 1024) {}

  async take(n: number): Promise<void> {
    while (this.held > 0 && this.held + n > this.bytes) await new Promise<void>((r) => this.waiting.push(r))
    this.held += n
  }

  give(n: number): void {
    this.held -= n
    for (const wake of this.waiting.splice(0)) wake()
  }
}

/** The statements a file's staging queued on the session, within the reader's budget. */
export class Segments {
  private pending: Array<Promise<Error | null>> = []
  constructor(
    created: Promise<unknown>,
    private readonly budget: CopyBudget,
  ) {
    this.pending.push(this.caught(created))
  }

  private caught = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: Error) => e,
    )

  async copy(client: pg.Client, sql: string, chunks: Buffer[]): Promise<void> {
    const bytes = chunks.reduce((n, c) => n + c.length, 0)
    await this.budget.take(bytes)
    const copy = client.query(copyFrom(sql))
    // Held by the stream (corked) until PostgreSQL answers the COPY: written at once, sent then.
    for (const chunk of chunks) copy.write(chunk)
    copy.end()
    this.pending.push(this.caught(finished(copy).finally(() => this.budget.give(bytes))))
  }

  queue(statement: Promise<unknown>): void {
    this.pending.push(this.caught(statement))
  }

  /** Waits for every statement queued; `strict`: throws the first that failed. */
  async settled(strict: boolean): Promise<void> {
    const results = await Promise.all(this.pending.splice(0))
    const failed = results.find((e) => e !== null)
    if (strict && failed) throw failed
  }
}
