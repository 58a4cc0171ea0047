import { describe, expect, it } from 'vitest';
import { holdsError, summaryLine } from '@/components/ui/DialogForm';

describe('a dialog form’s option groups', () => {
  it('know a field error as theirs by the field’s name or what lies under it, and nothing else', () => {
    const errors = { 'geotarget.0.link': 'Enter a URL.', custom: 'Taken.', expiry: '' };
    expect(holdsError(errors, ['devicetarget', 'geotarget'])).toBe(true);
    expect(holdsError(errors, ['custom'])).toBe(true);
    // A name that only begins like another's, or a message that was cleared, is no error of the group.
    expect(holdsError(errors, ['geo', 'customs'])).toBe(false);
    expect(holdsError(errors, ['expiry'])).toBe(false);
  });

  it('say what is set in one line, the unset parts left out', () => {
    expect(summaryLine(['utm_source=newsletter', '', null, 'utm_medium=email', false])).toBe(
      'utm_source=newsletter, utm_medium=email',
    );
    expect(summaryLine([undefined, ' '])).toBe('');
  });
});
