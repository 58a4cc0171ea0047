import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import './dashboard.css';
import { bindSectionToHash } from '@/components/state/dashboard';
import { speakUiLanguage } from '@/components/ui/page-language';
import { App } from './App';

bindSectionToHash(window);

speakUiLanguage(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
