// Presentational pieces shared by the four static pages (cart-orders-admin §2 "Static pages"):
// numbered sections with their own h2, small tables with a caption and header cells, and the
// "where to find it" notes that stand in for company details the spec leaves out.
import type { ReactNode } from 'react'

/** A page section: an h2 the section is named by (screen readers list it as a region). */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 first:mt-4">
      <h2 id={id} className="mb-3 scroll-mt-20 text-xl font-bold text-silo-green-dark">
        {title}
      </h2>
      <div className="space-y-3 text-neutral-900">{children}</div>
    </section>
  )
}

export function LegalSubsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-5">
      <h3 className="mb-2 text-lg font-bold text-neutral-900">{title}</h3>
      <div className="space-y-3">{children}</div>
    </div>
  )
}

/** A bulleted list with room between items (long sentences read better on a phone). */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-silo-green">{children}</ul>
}

/** The page's lead paragraph, under the h1. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className="text-lg text-neutral-800">{children}</p>
}

export interface LegalRow {
  /** The row's header cell (what the row is about). */
  head: ReactNode
  cells: readonly ReactNode[]
}

/**
 * A table whose first column names each row (th scope="row"). Two or three short columns fit a
 * 390 px phone; the wrapper scrolls sideways rather than clipping if a word cannot wrap. Narrow
 * for its text (under 20rem: 320 px, or text at 200 %), each row is a block instead, its cells
 * under its head, named by their column: columns of a few letters broke every word (issue 43).
 */
export function LegalTable({
  caption,
  columns,
  rows,
  captionHidden = false,
}: {
  caption: string
  columns: readonly string[]
  rows: readonly LegalRow[]
  /** The heading right above already says it: keep the caption for screen readers only. */
  captionHidden?: boolean
}) {
  const stacked = '@max-[20rem]:block'
  return (
    <div className="@container overflow-x-auto pt-2">
      <table className={`w-full border-collapse text-left text-base ${stacked}`}>
        <caption className={captionHidden ? 'sr-only' : `mb-2 text-left font-semibold text-neutral-900 ${stacked}`}>
          {caption}
        </caption>
        <thead className="@max-[20rem]:sr-only">
          <tr className="border-b-2 border-silo-green">
            {columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 align-bottom font-bold first:pl-0">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stacked}>
          {rows.map((r, i) => (
            <tr key={i} className={`border-b border-black/15 align-top ${stacked} @max-[20rem]:py-2`}>
              <th scope="row" className={`py-2 pr-2 font-semibold ${stacked} @max-[20rem]:py-0`}>
                {r.head}
              </th>
              {r.cells.map((c, j) => (
                <td key={j} className={`px-2 py-2 ${stacked} @max-[20rem]:px-0 @max-[20rem]:py-0.5`}>
                  {/* Stacked, a cell of a table of several columns says which. */}
                  {columns.length > 2 && (
                    <span className="hidden font-semibold @max-[20rem]:inline">{columns[j + 1]} : </span>
                  )}
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A company detail the spec does not give (and Silo must not invent): where the farmer finds it.
 * Shown as a term and its description in a definition list.
 */
export function WhereToFind({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-l-4 border-silo-gold py-1 pl-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="text-neutral-800">{children}</dd>
    </div>
  )
}

/** Where the seller's own details are printed, said the same way on every page. */
export const ON_YOUR_DOCUMENTS =
  "sur vos factures, vos bons de livraison et votre contrat (bulletin d'adhésion ou contrat client)"
