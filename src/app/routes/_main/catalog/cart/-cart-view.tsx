// Step 1 of the cart: the screen lives in features/cart; this file only plugs it in.
import { useRouteContext } from '@tanstack/react-router'
import { CartPage } from '../../../../features/cart/cart-page'

export function CartView({ owner, numTiers }: { owner: string; numTiers: string }) {
  const { user } = useRouteContext({ from: '/_main' })
  return <CartPage owner={owner} numTiers={numTiers} loginAt={user.loginAt} />
}
