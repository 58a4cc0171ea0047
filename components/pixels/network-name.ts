import { PIXEL_TYPES, type PixelType } from '@/lib/api/schemas/pixels';
import { t } from '@/lib/browser/i18n';

const known = (type: string): type is PixelType => (PIXEL_TYPES as readonly string[]).includes(type);

/** A network by the name its owner gives it; a type another service lists and this list lacks, as it is. */
export const networkName = (type: string): string => (known(type) ? t(`pixelNetwork.${type}`) : type);
