import type { Config } from './config.ts';

/** Served by the cases module: a neutral silhouette for players without a picture. */
export const DEFAULT_AVATAR_PATH = '/api/cases/art/avatar.svg';

/**
 * URLs of art and avatars as they leave the server. Our own client is served by this site and
 * takes them relative; with CORS_ORIGIN set a client on another origin (the original) needs them
 * absolute, from PUBLIC_URL, and an avatar it can always load (never ""). PROTOCOL §1.
 */
export interface AssetUrls {
  url(path: string): string;
  /** An image that may be "" (our client draws its own then): `fallback` for a cross-origin client. */
  image(image: string | null | undefined, fallback: string): string;
  avatar(avatar: string | null | undefined): string;
}

export function assetUrls(config: Pick<Config, 'corsOrigins' | 'publicUrl'>): AssetUrls {
  const crossOrigin = config.corsOrigins.length > 0;
  const url = (path: string) => (crossOrigin && path.startsWith('/') ? `${config.publicUrl}${path}` : path);
  const image = (image: string | null | undefined, fallback: string) =>
    image ? url(image) : crossOrigin ? url(fallback) : '';
  return { url, image, avatar: (avatar) => image(avatar, DEFAULT_AVATAR_PATH) };
}
