import '@/lib/zod-setup';
import { browser } from 'wxt/browser';
import { registerCommands } from './commands';
import { registerMenus } from './menus';
import { registerMessageHandlers } from './messages';
import { registerOmnibox } from './omnibox';
import { registerOwnVisitHosts } from './own-visit-hosts';
import { registerOwnVisits } from './own-visits';
import { createBackgroundSync } from './sync';
import { registerWelcome } from './welcome';

// Listeners are registered synchronously on every start, so the event that woke the worker is not missed.
export default defineBackground(() => {
  const sync = createBackgroundSync();
  registerMessageHandlers(sync);
  registerMenus(sync);
  registerCommands(sync);
  registerOmnibox(sync);
  registerOwnVisits(sync);
  registerOwnVisitHosts();
  registerWelcome();
  browser.alarms.onAlarm.addListener((alarm) => sync.onAlarm(alarm.name));
  sync.start();
});
