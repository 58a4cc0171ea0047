import { useEffect } from 'react';
import { themeItem } from '@/lib/settings/theme';
import { useStorageItem } from './useStorageItem';

/** Applies the theme chosen in Settings (system, light, dark) to this page, live. */
export function useTheme(): void {
  const theme = useStorageItem(themeItem);
  useEffect(() => {
    if (theme.value === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme.value;
  }, [theme.value]);
}
