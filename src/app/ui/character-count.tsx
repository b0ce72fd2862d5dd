// "n / max caractères" under a field with a limit, said as the farmer types; at the limit it says
// that what follows is not taken (a pasted text is cut at the limit by the field itself). A span:
// it also sits inside a field's hint paragraph.
export function CharacterCount({
  id,
  length,
  max,
  className,
}: {
  id?: string
  length: number
  max: number
  className?: string
}) {
  const full = length >= max
  return (
    <span id={id} aria-live="polite" className={`block ${className ?? 'mt-1 text-right text-base text-neutral-800'}`}>
      {length} / {max} caractères
      {full && (
        <strong className="block font-semibold text-neutral-950">
          Limite de {max} caractères atteinte : la suite n’est pas prise.
        </strong>
      )}
    </span>
  )
}
