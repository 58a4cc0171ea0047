import { memo, type SVGProps } from 'react';
import { type IconName, symbolId } from './icon-names';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };
export type IconComponent = (props: IconProps) => React.ReactNode;

/**
 * An icon drawn from the page's sprite. Its look (no fill, a 2-unit round stroke in the text's
 * colour) is in theme.css's `.icon`, inherited into the `<use>`; `fill` or a class may change it.
 * Without a label it is hidden from assistive technology, as decoration beside its text.
 */
function icon(name: IconName): IconComponent {
  const Icon = ({ size = 24, className, ...rest }: IconProps) => {
    const labelled = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined;
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: decoration beside its text unless the caller names it with aria-label
      <svg
        width={size}
        height={size}
        className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`}
        aria-hidden={labelled ? undefined : true}
        {...rest}
      >
        <use href={`#${symbolId(name)}`} />
      </svg>
    );
  };
  return memo(Icon);
}

export const ArrowRight = icon('arrow-right');
export const Check = icon('check');
export const ChevronDown = icon('chevron-down');
export const CircleAlert = icon('circle-exclamation-point');
export const CircleCheck = icon('circle-check');
export const Clock = icon('clock');
export const CloudUpload = icon('cloud-upload');
export const Copy = icon('copy');
export const Crosshair = icon('crosshair');
export const Download = icon('download');
export const ExternalLink = icon('external-link');
export const FileUp = icon('file-up');
export const Folder = icon('folder');
export const Globe = icon('globe');
export const Info = icon('info');
export const KeyRound = icon('key-round');
export const Keyboard = icon('keyboard');
export const Layers = icon('layers');
export const LayoutDashboard = icon('layout-dashboard');
export const Link2 = icon('link-2');
export const ListPlus = icon('list-plus');
export const Megaphone = icon('megaphone');
export const Pause = icon('pause');
export const Pencil = icon('pencil');
export const PictureInPicture2 = icon('picture-in-picture-2');
export const Plus = icon('plus');
export const QrCode = icon('qr-code');
export const RefreshCw = icon('refresh-cw');
export const Save = icon('save');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Settings = icon('settings');
export const Star = icon('star');
export const Trash2 = icon('trash');
export const Undo2 = icon('undo-2');
export const UserRound = icon('user-round');
export const WifiOff = icon('wifi-off');
export const X = icon('x');
