/**
 * Shown on a record that looks like an unasked-for copy of one made here (its name or long URL,
 * made at the same moment: see lib/refresh/pull.ts). It may be someone else's record, so nothing is
 * deleted without the person saying so.
 */
export function TwinNotice({ name, onDelete }: { name: string; onDelete?: () => void }) {
  return (
    <div className="row" role="note" data-testid="twin-notice">
      <p className="muted">
        This looks like a second copy of “{name}”, made at the same moment as yours.
        {onDelete
          ? ' If nobody made it on purpose, delete it.'
          : " The service offers no way to delete it from here: remove it on the service's website if you don't want it."}
      </p>
      {onDelete ? (
        <button type="button" className="secondary" onClick={onDelete}>
          Delete this copy of {name}
        </button>
      ) : null}
    </div>
  );
}
