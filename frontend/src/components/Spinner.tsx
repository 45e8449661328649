/** A loading indicator announced to screen readers. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="status" aria-live="polite">
      <span className="spinner-wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
