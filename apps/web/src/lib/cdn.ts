/** Spec section 3: a media file's address is the CDN base followed by its bucket reference. */
const base: string = import.meta.env.VITE_CDN_BASE_URL ?? '/cdn/';

export function cdnUrl(bucketRef: string): string {
  return `${base.replace(/\/+$/, '')}/${bucketRef.replace(/^\/+/, '')}`;
}
