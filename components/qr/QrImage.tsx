import { useEffect, useState } from 'react';
import { Download } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { type QrStyle, qrPngDataUrl, qrSvg } from '@/lib/qr/render';

/**
 * A QR code drawn locally. The SVG is shown through a data: URL in an <img>, never injected as
 * markup; downloads offer PNG and SVG.
 */
export function QrImage({
  text,
  style = {},
  size = 160,
  label,
  fileName = 'qr-code',
}: {
  text: string;
  style?: QrStyle;
  size?: number;
  label: string;
  fileName?: string;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `style` is a new object on every render; its two colours are what the image depends on.
  useEffect(() => {
    let alive = true;
    setFailed(false);
    qrSvg(text, style)
      .then((s) => alive && setSvg(s))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [text, style.foreground, style.background]);

  if (failed) return <p className="error">{t('qr.tooLong')}</p>;
  if (!svg) return <div style={{ width: size, height: size }} aria-busy="true" />;
  const svgUrl = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <figure className="qr">
      <img src={svgUrl} width={size} height={size} alt={label} data-testid="qr-image" />
      <figcaption className="stack">
        <button
          type="button"
          className="secondary small"
          aria-label={t('qr.downloadPng')}
          onClick={() => void download(`${fileName}.png`, qrPngDataUrl(text, { ...style, size: 1024 }))}
        >
          <Download size={14} aria-hidden="true" /> {t('qrImage.png')}
        </button>
        <button
          type="button"
          className="secondary small"
          aria-label={t('qr.downloadSvg')}
          onClick={() => void download(`${fileName}.svg`, Promise.resolve(svgUrl))}
        >
          <Download size={14} aria-hidden="true" /> {t('qrImage.svg')}
        </button>
      </figcaption>
    </figure>
  );
}

async function download(name: string, url: Promise<string>) {
  const a = document.createElement('a');
  a.href = await url;
  a.download = name;
  a.click();
}
