import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui/theme.css';
import './welcome.css';
import { speakUiLanguage } from '@/components/ui/page-language';
import { Welcome } from '@/components/welcome/Welcome';
import { t } from '@/lib/browser/i18n';

speakUiLanguage(document);
document.title = t('welcome.title');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Welcome />
  </StrictMode>,
);
