// Server-side errors of a form, as a bulleted list in a danger alert (docs/screens.md).
export function ErrorList({ errors, title }: { errors: readonly string[]; title?: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {title ? <p className="fw-semibold mb-1">{title}</p> : null}
      <ul className="mb-0 ps-3">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
