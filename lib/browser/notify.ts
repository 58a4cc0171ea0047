import { browser } from 'wxt/browser';

/** A system notification; Chrome shows nothing without a packaged icon and a title. */
export async function notify(title: string, message: string): Promise<void> {
  await browser.notifications.create({
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    // Text only: notifications render no markup, and server data is cut to a sane length.
    message: message.slice(0, 300),
  });
}
