// What the Invitations screen and `npm run invitations` say of counts (issue 48): numbers grouped
// by thousands with a non-breaking space (French typography: « 1 234 » never breaks across lines).

/** '20 000' with U+00A0 between the groups. */
export const groupDigits = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')

/** The confirmation before a send: how many mails will leave. */
export function courrielsQuiPartent(n: number): string {
  if (n <= 0) return 'Aucun courriel ne va partir.'
  return n === 1 ? '1 courriel va partir.' : `${groupDigits(n)} courriels vont partir.`
}
