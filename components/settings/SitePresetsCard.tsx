import { type FormEvent, useId, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { t } from '@/lib/browser/i18n';
import { siteOf, sitePresetsItem, withSitePreset } from '@/lib/settings/site-presets';
import { utmPresetsItem } from '@/lib/settings/utm-presets';
import { SettingsCard } from './SettingsCard';

/**
 * "On linkedin.com use LinkedIn": the UTM preset of the links made while writing on a site
 * ("Replace with short link"). One row per site, saved as chosen.
 */
export function SitePresetsCard() {
  const rows = useStorageItem(sitePresetsItem).value;
  const presets = useStorageItem(utmPresetsItem).value.presets;
  const [site, setSite] = useState('');
  const [preset, setPreset] = useState('');
  const [problem, setProblem] = useState(false);
  const ids = { site: useId(), preset: useId(), problem: useId() };
  const chosen = preset || presets[0]?.name || '';

  function add(event: FormEvent) {
    event.preventDefault();
    const host = siteOf(site);
    setProblem(!host);
    if (!host || !chosen) return;
    void sitePresetsItem.setValue(withSitePreset(rows, { site: host, preset: chosen }));
    setSite('');
  }

  return (
    <SettingsCard id="prefs-site-presets-heading" title={t('sitePresets.heading')}>
      <p className="muted small-text prefs-wide">{t('sitePresets.explain')}</p>
      {rows.map((row) => (
        <div key={row.site} className="prefs-row" data-testid="site-preset-row">
          <span>{row.site}</span>
          <div className="actions">
            <select
              aria-label={t('sitePresets.presetFor', { site: row.site })}
              value={row.preset}
              onChange={(e) => void sitePresetsItem.setValue(withSitePreset(rows, { ...row, preset: e.target.value }))}
            >
              {presets.some((p) => p.name === row.preset) ? null : <option value={row.preset}>{row.preset}</option>}
              {presets.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="danger small"
              onClick={() => void sitePresetsItem.setValue(rows.filter((r) => r.site !== row.site))}
            >
              {t('sitePresets.remove')}
              <span className="visually-hidden"> {row.site}</span>
            </button>
          </div>
        </div>
      ))}
      {presets.length === 0 ? (
        <p className="muted small-text prefs-wide">{t('sitePresets.noPresets')}</p>
      ) : (
        <form className="prefs-row" onSubmit={add}>
          <div className="stack">
            <label htmlFor={ids.site}>{t('sitePresets.site')}</label>
            <input
              id={ids.site}
              value={site}
              placeholder={t('sitePresets.placeholder')}
              aria-invalid={problem || undefined}
              aria-describedby={problem ? ids.problem : undefined}
              onChange={(e) => setSite(e.target.value)}
            />
            {problem ? (
              <span id={ids.problem} className="field-error small-text">
                {t('sitePresets.badSite')}
              </span>
            ) : null}
          </div>
          <div className="actions">
            <label htmlFor={ids.preset} className="visually-hidden">
              {t('sitePresets.preset')}
            </label>
            <select id={ids.preset} value={chosen} onChange={(e) => setPreset(e.target.value)}>
              {presets.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name}
                </option>
              ))}
            </select>
            <button type="submit" className="secondary">
              {t('sitePresets.add')}
            </button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
