import { redirect } from '@tanstack/react-router'
import type { AccessDenial } from './resolve-access'

/** The router redirect for a refused access (thrown from a beforeLoad). */
export function denialRedirect(denial: AccessDenial) {
  switch (denial.to) {
    case 'login':
      return redirect({
        to: '/login',
        search: { redirectFrom: denial.redirectFrom, error: denial.error ? true : undefined },
      })
    case 'error-logout':
      return redirect({ to: '/error-logout', search: { cause: denial.cause } })
    case 'selection-tiers':
      return redirect({ to: '/admin/connect-as/selection-tiers' })
  }
}
