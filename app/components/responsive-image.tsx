import { preload } from "react-dom";
import { IMAGE_KINDS, type ImageKind, imageSrcSet, imageVariantUrl, publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";

interface Props {
  src: string | undefined;
  alt: string;
  kind: ImageKind;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /**
   * The page's largest paint, above the fold: loaded eagerly with high priority and preloaded from
   * the document's head (so it starts with the stylesheet, before any script); otherwise lazy.
   */
  priority?: boolean;
  /** The image also exists as AVIF at every width (the image service says so): offered first in a `<picture>`. */
  avif?: boolean;
  className?: string;
  /** Where stored pictures load from (useImageBase); given by markup rendered outside the page, which reads no context. */
  base?: string;
}

/** An image with srcset, explicit width and height (no layout shift) and lazy loading below the fold. */
export function ResponsiveImage({ src, alt, kind, sizes, priority = false, avif = false, className, base: given }: Props) {
  const pageBase = useImageBase();
  const base = given ?? pageBase;
  const { widths, aspect } = IMAGE_KINDS[kind];
  const width = widths[widths.length - 1];
  const height = Math.round(width / aspect);
  const srcSet = src ? imageSrcSet(src, kind, "webp", base) : undefined;
  const avifSrcSet = src && avif ? imageSrcSet(src, kind, "avif", base) : undefined;
  if (src && priority) {
    // React preloads a high-priority <img> by itself, but not one inside a <picture>: say which
    // source a browser that reads AVIF takes, and it (only) fetches that one from the head.
    if (avifSrcSet)
      preload(publicImageUrl(imageVariantUrl(src, kind, width, "avif"), base), {
        as: "image",
        imageSrcSet: avifSrcSet,
        imageSizes: sizes,
        fetchPriority: "high",
        type: "image/avif",
      });
    else preload(publicImageUrl(src, base), { as: "image", imageSrcSet: srcSet, imageSizes: srcSet ? sizes : undefined, fetchPriority: "high" });
  }
  if (!src) {
    // A decorative image (empty alt) has no role: role="img" without a name fails WCAG 1.1.1.
    const a11y = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return <div {...a11y} className={`bg-stone-200 ${className ?? ""}`} style={{ aspectRatio: `${aspect}` }} />;
  }
  const img = (
    <img
      src={publicImageUrl(imageVariantUrl(src, kind, widths[1] ?? width), base)}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
  if (!avifSrcSet) return img;
  return (
    // `contents`: the <img> keeps its own box, so its classes lay it out as before.
    <picture className="contents">
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
