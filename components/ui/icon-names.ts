/**
 * The icons the app shows, by their lucide names. The build puts one `<symbol>` per name into every
 * page (components/ui/icon-sprite.ts), and each icon on screen is a two-element `<use>` of it, not a
 * copy of its paths made by React: the popup's 46 icons were 350 SVG nodes, two thirds of its DOM,
 * and creating them was the largest part of its first render.
 */
export const ICON_NAMES = [
  'arrow-right',
  'check',
  'chevron-down',
  'circle-exclamation-point',
  'circle-check',
  'clock',
  'cloud-upload',
  'copy',
  'crosshair',
  'download',
  'external-link',
  'file-up',
  'folder',
  'globe',
  'info',
  'key-round',
  'keyboard',
  'layers',
  'layout-dashboard',
  'link-2',
  'list-plus',
  'megaphone',
  'pencil',
  'pause',
  'picture-in-picture-2',
  'plus',
  'qr-code',
  'refresh-cw',
  'save',
  'search',
  'search-x',
  'settings',
  'star',
  'trash',
  'undo-2',
  'user-round',
  'wifi-off',
  'x',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The id of a name's `<symbol>` in the page. */
export const symbolId = (name: IconName) => `icon-${name}`;
