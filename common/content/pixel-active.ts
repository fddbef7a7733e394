import type { PixelConfig } from "./content.schema";

/**
 * The spec's rule (section 4): the pixel runs only when its config is 'active' and has a pixel id.
 * One place for the storefront's pixel and the page's Content-Security-Policy; a module of its own
 * (types only besides) so the storefront's bundle does not carry the settings' schemas.
 */
export function isPixelActive(pixel: PixelConfig | null | undefined): pixel is PixelConfig {
  return Boolean(pixel && pixel.status === "active" && pixel.pixelId);
}
