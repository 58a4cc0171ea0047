import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import './popup.css';
import { speakUiLanguage } from '@/components/ui/page-language';
import { App } from './App';
import { type FirstScreen, readFirstScreen } from './first-screen';

// When the modules ran, for the tests and traces that check they come after the popup is shown.
performance.mark('linkpilot:popup-modules');
speakUiLanguage(document);

function render(first: FirstScreen | null): void {
  // Also over the theme the picture of the last first screen was drawn in, should it have changed since.
  if (first?.theme === 'system') delete document.documentElement.dataset.theme;
  else if (first) document.documentElement.dataset.theme = first.theme;
  const root = createRoot(document.getElementById('root')!);
  // Not flushSync: a synchronous render also runs every effect (the live queries, the worker's
  // messages) before the browser may paint; rendered as usual, the first screen paints before them.
  root.render(
    <StrictMode>
      <App first={first} />
    </StrictMode>,
  );
}

// The first render waits for what it shows, read side by side; should that fail, the views read it themselves.
readFirstScreen().then(render, (error: unknown) => {
  console.error('Linkpilot: reading the first screen failed', error);
  render(null);
});
