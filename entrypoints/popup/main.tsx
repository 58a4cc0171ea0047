import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import './popup.css';
import { speakUiLanguage } from '@/components/ui/page-language';
import { App } from './App';
import { type FirstScreen, readFirstScreen } from './first-screen';

speakUiLanguage(document);

function render(first: FirstScreen | null): void {
  if (first && first.theme !== 'system') document.documentElement.dataset.theme = first.theme;
  const root = createRoot(document.getElementById('root')!);
  // At once, in this task: what it shows is read already, and the scheduler's hop would only delay it.
  flushSync(() =>
    root.render(
      <StrictMode>
        <App first={first} />
      </StrictMode>,
    ),
  );
}

// The first render waits for what it shows, read side by side; should that fail, the views read it themselves.
readFirstScreen().then(render, (error: unknown) => {
  console.error('Linkpilot: reading the first screen failed', error);
  render(null);
});
