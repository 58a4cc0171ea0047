import { startEarlyFirstScreen } from '@/lib/browser/early-first-screen';

// A classic script in popup.html right after its root element, ahead of the modules: see
// lib/browser/early-first-screen.ts.
export default defineUnlistedScript(() => startEarlyFirstScreen(document.getElementById('root')!));
