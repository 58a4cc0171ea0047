import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import './popup.css';
import { speakUiLanguage } from '@/components/ui/page-language';
import { App } from './App';

speakUiLanguage(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
