import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from '@/components/settings/SettingsPage';
import { showDatabase } from '@/lib/db/names';

describe('Settings before the connections are read', () => {
  it('draws no connection form and no "Connect" welcome, which a connected person would see empty', () => {
    showDatabase('settings-page-test');
    const drawn = renderToStaticMarkup(<SettingsPage />);
    expect(drawn).not.toContain('name="serviceUrl"');
    expect(drawn).not.toContain('welcome-head');
  });
});
