import { useState, type ImgHTMLAttributes } from 'react';

/** Shown wherever a picture is missing or fails to load (spec §2). */
export const DEFAULT_IMAGE = '/default-avatar.svg';

export interface AppImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  fallback?: string;
}

/** An <img> that falls back to the default image when its source is empty or broken. */
export function AppImage({ src, fallback = DEFAULT_IMAGE, alt = '', onError, ...rest }: AppImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <img
      {...rest}
      alt={alt}
      src={broken ? fallback : src}
      data-fallback={broken ? 'true' : undefined}
      onError={(event) => {
        if (src && failedSrc !== src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
