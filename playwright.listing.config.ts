import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run store:assets`: the listing's images and words (tests/listing), apart from `npm test`.
export default defineConfig({
  ...base,
  testDir: 'tests/listing',
  reporter: [['list']],
  workers: 1,
});
