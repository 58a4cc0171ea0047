/**
 * Why Linkpilot asks for each permission and host permission of its manifests: the one text for the
 * store forms (Chrome Web Store "Privacy practices", AMO's reviewer notes). A test fails on a
 * permission of either manifest that is missing here.
 */
export const PERMISSION_JUSTIFICATIONS: Readonly<Record<string, string>> = {
  storage:
    'Keeps the connection to the link service the person sets up (its address and API key), their defaults for new links, UTM presets and theme on their device.',
  alarms:
    'Wakes the background worker to send changes made offline once the service can be reached again, and to keep the local copy of the links fresh within the service’s rate limit.',
  activeTab:
    'Reads the address and title of the current tab, and only when the person opens the popup, uses the context menu or presses the shortcut, to shorten that page.',
  contextMenus:
    'Adds “Shorten link” and “Shorten this page” to the right-click menu, and “Replace with short link” to the menu of text fields.',
  scripting:
    'When the person chooses “Replace with short link” in a text field (right-click menu or shortcut), reads that field’s selected text in the tab the gesture gave access to, and puts the short links in place of the addresses. Never run otherwise.',
  notifications: 'Confirms that a short link made from the context menu or the shortcut was copied, or says why not.',
  clipboardWrite: 'Copies the new short link to the clipboard when the person asks for it.',
  offscreen:
    'Chrome’s service worker cannot write to the clipboard; an offscreen document copies the short link made from the context menu or the shortcut.',
  declarativeNetRequestWithHostAccess:
    'One session rule on the extension’s own requests to the connected service, so that the browser never resends a link creation by itself and makes a duplicate link. And, only when the person turns on “Open my own short links without counting the visit”, one redirect rule per short link of their own that simply redirects, so that opening it in this browser goes straight to its destination (through a page of the extension that counts such visits locally) instead of being counted by the service. Acts only on the hosts of their link service and branded domains.',
  tabs: 'Optional, asked for only when “Shorten all tabs in this window” meets a tab whose address it cannot read otherwise; given back right after.',
  'https://*/*':
    'Optional: access to the one link service the person connects to (its address is theirs to choose), asked for when they press Connect and given back when no connection uses it.',
  'http://*/*':
    'Optional: as for https, for a link service the person runs without TLS on their own network; asked for at Connect, given back when unused.',
  'http://127.0.0.1/*':
    'Development and test builds only: the local link server the tests run against. Store builds ask for it at Connect like any other address.',
};
