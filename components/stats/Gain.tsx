import { formatNumber } from '@/components/ui/format';
import { withElements } from '@/components/ui/with-elements';
import { t } from '@/lib/browser/i18n';

/**
 * Clicks gained, signed ("+20"), isolated as left to right: inside right-to-left text the sign is
 * neutral and would stand on the number's far side ("20+").
 */
export function Gain({ count }: { count: number }) {
  return <bdi dir="ltr">{t('trends.gain', { count: formatNumber(count) })}</bdi>;
}

/**
 * A sentence with a gain in it ("+20 this week"), the gain isolated wherever the language puts it:
 * `message` is a catalogue message as `raw` gives it, with its `{gain}` left in.
 */
export function GainSentence({
  message,
  count,
  values = {},
}: {
  message: string;
  count: number;
  /** The message's other placeholders, as text. */
  values?: Record<string, string>;
}) {
  return <>{withElements(message, { ...values, gain: <Gain count={count} /> })}</>;
}
