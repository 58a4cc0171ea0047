import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Gain, GainSentence } from '@/components/stats/Gain';
import { raw } from '@/lib/browser/i18n';
import { fakeI18n } from '../../i18n/catalogue';

describe('a gain in words', () => {
  it('keeps its sign before the number in right-to-left text: isolated left to right', async () => {
    Object.assign(fakeBrowser.i18n, await fakeI18n('ar'));
    // Unisolated, "+20 هذا الأسبوع" in a right-to-left line shows the sign after the number ("20+").
    expect(renderToStaticMarkup(<GainSentence message={raw('trends.weekGain')} count={20} />)).toBe(
      '<bdi dir="ltr">+20</bdi> هذا الأسبوع',
    );
    expect(renderToStaticMarkup(<GainSentence message={raw('trends.gained')} count={1500} />)).toMatch(
      /^<bdi dir="ltr">\+1[,٬]?500<\/bdi> في هذه الفترة$/,
    );
    expect(renderToStaticMarkup(<Gain count={6} />)).toBe('<bdi dir="ltr">+6</bdi>');
  });

  it('reads the same in a left-to-right language, where the sentence puts it', async () => {
    expect(renderToStaticMarkup(<GainSentence message={raw('trends.weekGain')} count={1200} />)).toBe(
      '<bdi dir="ltr">+1,200</bdi> this week',
    );
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(renderToStaticMarkup(<GainSentence message={raw('trends.gained')} count={1200} />)).toBe(
      '<bdi dir="ltr">+1.200</bdi> in diesem Zeitraum',
    );
  });
});
