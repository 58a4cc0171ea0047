/**
 * The box that ticks every record shown: ticked when all are, half-ticked (indeterminate) when some
 * are. `label` names it for whom cannot see it, when no visible label wraps it.
 */
export function PickAllBox({
  total,
  picked,
  label,
  onChange,
}: {
  total: number;
  picked: number;
  label?: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={total > 0 && picked >= total}
      ref={(box) => {
        if (box) box.indeterminate = picked > 0 && picked < total;
      }}
      onChange={(e) => onChange(e.target.checked)}
      data-testid="pick-all"
    />
  );
}
