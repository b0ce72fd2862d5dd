// A real SMTP server for the browser tests' Silo (its SMTP_URL, playwright.config.ts): what Silo
// sends (order confirmations, first sign-in links) arrives here over SMTP and is kept as one file
// per mail in E2E_DATA_DIR/mails, where a test reads the mail a person would have received.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'

const mailsDir = () => join(process.env.E2E_DATA_DIR!, 'mails')

export default async function startMailCatcher(): Promise<() => Promise<void>> {
  const dir = mailsDir()
  mkdirSync(dir, { recursive: true })
  let n = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',')
        writeFileSync(join(dir, `${String(++n).padStart(5, '0')}.eml`), `X-Rcpt-To: ${to}\r\n${Buffer.concat(chunks)}`)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', () => resolve())
  })
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}

/** The mails received so far for `to`, oldest first, their quoted-printable soft breaks undone. */
export function mailsTo(to: string): string[] {
  return readdirSync(mailsDir())
    .sort()
    .map((f) => readFileSync(join(mailsDir(), f), 'utf8'))
    .filter((raw) => raw.startsWith(`X-Rcpt-To: ${to}`))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
}
