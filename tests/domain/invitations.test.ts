// The counts as the Invitations screen and `npm run invitations` say them (issue 48): French
// typography, a non-breaking space between thousands, so « 1 234 » never breaks across lines.
import { describe, expect, it } from 'vitest'
import { courrielsQuiPartent, groupDigits } from '../../src/domain/invitations'

describe('invitation counts in words', () => {
  it('groups thousands with a non-breaking space', () => {
    expect(groupDigits(0)).toBe('0')
    expect(groupDigits(999)).toBe('999')
    expect(groupDigits(1234)).toBe('1\u00a0234')
    expect(groupDigits(20000)).toBe('20\u00a0000')
    expect(groupDigits(1234567)).toBe('1\u00a0234\u00a0567')
  })

  it('says how many mails will leave', () => {
    expect(courrielsQuiPartent(0)).toBe('Aucun courriel ne va partir.')
    expect(courrielsQuiPartent(1)).toBe('1 courriel va partir.')
    expect(courrielsQuiPartent(1234)).toBe('1\u00a0234 courriels vont partir.')
  })
})
