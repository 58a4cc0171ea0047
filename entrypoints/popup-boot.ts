import { startEarlyFirstScreen } from '@/lib/browser/early-first-screen';

// A classic script in popup.html ahead of the module bundle: see lib/browser/early-first-screen.ts.
export default defineUnlistedScript(() => startEarlyFirstScreen());
