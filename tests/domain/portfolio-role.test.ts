// Who is bound to a portfolio (cart-orders-admin §6, decision 0057): of the server's staff roles,
// COM_ALI_ECRITURE_PORTEFEUILLE alone. Any other staff role reaches every member; a role the
// server does not count as staff changes nothing.
import { describe, expect, it } from 'vitest'
import { boundToPortfolio, DEFAULT_STAFF_ROLES, ROLE } from '../../src/domain/roles'

describe('boundToPortfolio', () => {
  it('is true for an adviser whose only staff role is COM_ALI_ECRITURE_PORTEFEUILLE', () => {
    expect(boundToPortfolio([ROLE.ECRITURE_PORTEFEUILLE], DEFAULT_STAFF_ROLES)).toBe(true)
    // A role outside the staff list (the member's own write role, a cooperative's reading role) does not free them.
    expect(
      boundToPortfolio(
        [ROLE.ECRITURE_PORTEFEUILLE, ROLE.ECRITURE_PERSONNELLE, 'COM_ALI_LECTURE_TOUS'],
        DEFAULT_STAFF_ROLES,
      ),
    ).toBe(true)
  })

  it('is false with any other staff role beside it, REGION included, and for farmers', () => {
    for (const other of [ROLE.ECRITURE_TOUS, ROLE.ECRITURE_REGION, ROLE.ADMIN_METIER, ROLE.ECRITURE_ARTICLE])
      expect(boundToPortfolio([ROLE.ECRITURE_PORTEFEUILLE, other], DEFAULT_STAFF_ROLES)).toBe(false)
    expect(boundToPortfolio([ROLE.ECRITURE_REGION], DEFAULT_STAFF_ROLES)).toBe(false)
    expect(boundToPortfolio([ROLE.LECTURE_PERSONNELLE, ROLE.ECRITURE_PERSONNELLE], DEFAULT_STAFF_ROLES)).toBe(false)
  })

  it('follows the server’s STAFF_ROLES: a cooperative’s own staff role beside it frees the adviser', () => {
    const staff = [...DEFAULT_STAFF_ROLES, 'COM_ALI_LECTURE_TOUS']
    expect(boundToPortfolio([ROLE.ECRITURE_PORTEFEUILLE, 'COM_ALI_LECTURE_TOUS'], staff)).toBe(false)
    // Not staff on this server at all: not bound either (the server refuses them as staff).
    expect(boundToPortfolio([ROLE.ECRITURE_PORTEFEUILLE], [ROLE.ECRITURE_TOUS])).toBe(false)
  })
})
