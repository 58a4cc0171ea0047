import type { TestProject } from 'vitest/node';
import { messagesOf } from './i18n/catalogue';

// The English catalogue is read once for the whole run, not once per test file.
export default async function setup(project: TestProject): Promise<void> {
  project.provide('englishMessages', await messagesOf('en'));
}

declare module 'vitest' {
  export interface ProvidedContext {
    englishMessages: Record<string, string>;
  }
}
