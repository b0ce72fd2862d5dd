import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <main className="mx-auto max-w-xl p-4">
      <h1 className="text-2xl font-bold">Page introuvable</h1>
      <p className="mt-3 text-base">
        <Link to="/catalog/order_history" className="touch-target inline-flex items-center underline text-silo-green">
          Retour à l'accueil
        </Link>
      </p>
    </main>
  )
}
