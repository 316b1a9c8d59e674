import { AppImage } from './app-image';

export interface AppAvatarProps {
  src?: string | null;
  name: string;
  size?: number;
}

/** A round picture with the default person image as fallback. */
export function AppAvatar({ src, name, size = 36 }: AppAvatarProps) {
  return (
    <AppImage
      src={src ?? undefined}
      alt={name}
      width={size}
      height={size}
      className="sapa-avatar"
      style={{ width: size, height: size }}
    />
  );
}
