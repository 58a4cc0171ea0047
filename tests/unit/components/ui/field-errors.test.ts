import { describe, expect, it } from 'vitest';
import { withoutField } from '@/components/ui/field-errors';

describe('a field error goes with the value it was about', () => {
  const errors = { url: 'A URL cannot contain spaces.', geotarget: 'Too many.', 'geotarget.0.link': 'Enter a URL.' };

  it('drops the changed field’s error and its parts’, keeps the others', () => {
    expect(withoutField(errors, 'geotarget')).toEqual({ url: 'A URL cannot contain spaces.' });
    expect(withoutField(errors, 'url')).toEqual({ geotarget: 'Too many.', 'geotarget.0.link': 'Enter a URL.' });
  });

  it('does not take a field whose name only begins the same way', () => {
    expect(withoutField({ 'deeplink.apple': 'x', deeplinks: 'y' }, 'deeplink')).toEqual({ deeplinks: 'y' });
  });

  it('returns the same errors when the field had none, so nothing re-renders for it', () => {
    expect(withoutField(errors, 'custom')).toBe(errors);
  });
});
