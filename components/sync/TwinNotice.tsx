/**
 * Shown on a record that looks like an unasked-for copy of one made here (its name or long URL,
 * made at the same moment: see lib/sync/pull.ts). It may be someone else's record, so nothing is
 * deleted without the person saying so.
 */
export function TwinNotice({ name, onDelete }: { name: string; onDelete?: () => void }) {
  return (
    <div className="row" role="note" data-testid="twin-notice">
      <p className="muted">
        Looks like a copy of “{name}” made when the browser sent the request twice.
        {onDelete ? null : ' The API cannot delete this kind of record: remove it on the service if it is not wanted.'}
      </p>
      {onDelete ? (
        <button type="button" className="secondary" onClick={onDelete}>
          Delete this copy of {name}
        </button>
      ) : null}
    </div>
  );
}
