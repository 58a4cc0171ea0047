import { useState } from 'react';

/**
 * The account's picture as the service serves it. One that cannot be loaded (offline, a service
 * without pictures) leaves no broken-image box behind: it is simply not shown.
 */
export function Avatar({ src, size, alt = '' }: { src: string | null | undefined; size: number; alt?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return <img className="avatar" src={src} alt={alt} width={size} height={size} onError={() => setFailed(src)} />;
}
