import { storage } from 'wxt/utils/storage';

export type Theme = 'system' | 'light' | 'dark';
export const themeItem = storage.defineItem<Theme>('local:theme', { fallback: 'system', version: 1 });
