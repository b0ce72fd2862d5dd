// A real SMTP server in the test process (npm smtp-server) on a loopback port: Silo's mailer sends
// to it through nodemailer as in production (SMTP_URL). It keeps what it received, and can refuse
// the next mails (451, try again later) or hold one until a test lets it go. A test that starts
// Silo processes passes its `url` as their SMTP_URL.
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  subject: string
  raw: string
}

export interface TestSmtp {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string
  received: ReceivedMail[]
  /** How many times each subject was received. */
  countBySubject(): Map<string, number>
  /** The next `n` mails are refused with 451 (a temporary failure). */
  refuseNext(n: number): void
  /** The next mail is accepted only once release() is called; `arrived` when its data is in. */
  holdNext(): { arrived: Promise<void>; release(): void }
  close(): Promise<void>
}

/** Decodes a header's MIME encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes them. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
}

function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  const line = head.split(/\r?\n/).find((l) => /^subject:/i.test(l)) ?? ''
  return decodeHeader(line.replace(/^subject:\s*/i, ''))
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  let refusing = 0
  let holding: { arrived(): void; released: Promise<void> } | null = null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onMailFrom(_address, _session, callback) {
      if (refusing > 0) {
        refusing--
        const err = Object.assign(new Error('Try again later'), { responseCode: 451 })
        return callback(err)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const held = holding
        holding = null
        held?.arrived()
        void (held?.released ?? Promise.resolve()).then(() => {
          const raw = Buffer.concat(chunks).toString('utf8')
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), raw })
          callback()
        })
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('the test SMTP server has no port')
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    countBySubject() {
      const counts = new Map<string, number>()
      for (const m of received) counts.set(m.subject, (counts.get(m.subject) ?? 0) + 1)
      return counts
    },
    refuseNext(n) {
      refusing = n
    },
    holdNext() {
      let release!: () => void
      let arrived!: () => void
      const released = new Promise<void>((r) => (release = r))
      const arrival = new Promise<void>((r) => (arrived = r))
      holding = { arrived, released }
      return { arrived: arrival, release }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
