import { createContext, useContext } from "react";
import { UPLOADS_PATH } from "#common/images/image-sizes";

const ImageBase = createContext(UPLOADS_PATH);

/** Given the root loader's `imageBase` by the root route, for every picture below it. */
export const ImageBaseProvider = ImageBase.Provider;

/**
 * Where this page loads the shop's stored pictures from: the object store's public address (a CDN,
 * a bucket) or the shop's own /uploads. Pass it to publicImageUrl and imageSrcSet
 * (#common/images/image-sizes). Markup rendered outside the page (html-fragments.tsx) reads no
 * context: it gets the base as a prop.
 */
export function useImageBase(): string {
  return useContext(ImageBase);
}
