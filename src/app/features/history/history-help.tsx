// ordering-area §8 "Help for history duplication" and §9 "History paging" help.
export function HistoryHelp() {
  return (
    <details className="mb-4 rounded-lg border border-neutral-400 bg-neutral-50 px-3 text-base">
      <summary className="touch-target flex cursor-pointer items-center font-semibold">Aide</summary>
      <ul className="mb-3 list-disc space-y-1 pl-5">
        <li>
          Sont affichées les commandes livrées des 3 derniers mois (sur téléphone, 12 lignes de livraison à la fois) ; «
          Afficher plus de livraisons » remonte jusqu'à 18 mois.
        </li>
        <li>La duplication ne fonctionne pas pour tous les articles.</li>
        <li>Les aliments volailles se commandent depuis le menu Lots & plans (plan d'alimentation).</li>
        <li>La liste des aliments commandables se trouve dans le menu Aliments.</li>
      </ul>
    </details>
  )
}
