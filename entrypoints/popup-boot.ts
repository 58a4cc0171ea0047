import { startEarlyFirstScreen } from '@/lib/browser/early-first-screen';

/**
 * A classic script in popup.html right after its root element, ahead of the modules: see
 * lib/browser/early-first-screen.ts. The built page names its module entry in `data-main` and the
 * modules it imports in `data-preload` (components/ui/first-paint-html.ts), which this script asks for
 * together; without them (`wxt dev`) the page's own module script runs.
 */
export default defineUnlistedScript(() => {
  const { main, preload = '' } = document.currentScript?.dataset ?? {};
  let fetched = false;
  const fetchApp = () => {
    if (fetched || !main) return;
    fetched = true;
    for (const href of [main, ...preload.split(' ').filter(Boolean)]) {
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    }
  };
  startEarlyFirstScreen(
    document.getElementById('root')!,
    () => {
      if (!main) return;
      fetchApp();
      document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: main }));
    },
    fetchApp,
  );
});
