import { t } from '@/lib/browser/i18n';
import { activeConnection, connectionsItem } from '@/lib/settings/connection';
import { useStorageItem } from './useStorageItem';

/**
 * The words for "no branded domain": the service's own, by name ("Service's domain
 * (short.example.com)"), so a person sees where such a short link will point.
 */
export function useDefaultDomainLabel(): string {
  const connections = useStorageItem(connectionsItem);
  const connected = activeConnection(connections.value);
  return connected ? t('link.defaultDomainNamed', { host: new URL(connected.baseUrl).host }) : t('link.defaultDomain');
}
