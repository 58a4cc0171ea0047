import type { LinkRecord } from '../links-view';
import { countryName } from '../stats';
import type { Visitor } from './visitor';

/** The words a device target may use to name this visitor's device (case-insensitive). */
function deviceNames(v: Visitor): string[] {
  const names = [v.os, v.platform];
  if (v.os === 'iOS') names.push(v.platform === 'tablet' ? 'iPad' : 'iPhone');
  if (v.os === 'macOS') names.push('Mac');
  return names.map((n) => n.toLowerCase());
}

/**
 * Where a visit goes: the first geo, device or language target that fits the visitor, else the
 * deep link for the visitor's store, else the long URL; then the link's URL parameters are added.
 */
export function destinationFor(link: LinkRecord, v: Visitor): string {
  const geo = JSON.parse(link.geotarget) as { location: string; link: string }[];
  const device = JSON.parse(link.devicetarget) as { device: string; link: string }[];
  const language = JSON.parse(link.languagetarget) as { language: string; link: string }[];
  const deeplink = link.deeplink ? (JSON.parse(link.deeplink) as Record<string, string | boolean>) : {};
  const country = v.country ? [v.country.toLowerCase(), countryName(v.country).toLowerCase()] : [];
  const devices = deviceNames(v);
  let target =
    geo.find((t) => country.includes(t.location.trim().toLowerCase()))?.link ??
    device.find((t) => devices.includes(t.device.trim().toLowerCase()))?.link ??
    language.find((t) => v.language !== null && t.language.toLowerCase().split('-')[0] === v.language)?.link;
  if (!target) {
    const store = v.os === 'iOS' ? deeplink.apple : v.os === 'Android' ? deeplink.google : undefined;
    target = typeof store === 'string' ? store : link.longurl;
  }
  const parameters = JSON.parse(link.parameters) as { name: string; value: string }[];
  if (parameters.length === 0) return target;
  const url = new URL(target);
  for (const p of parameters) url.searchParams.set(p.name, p.value);
  return url.toString();
}
