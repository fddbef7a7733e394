import { preload } from "react-dom";
import { IMAGE_KINDS, type ImageKind, imageSrcSet, imageVariantUrl } from "#common/images/image-sizes";

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
}

/** An image with srcset, explicit width and height (no layout shift) and lazy loading below the fold. */
export function ResponsiveImage({ src, alt, kind, sizes, priority = false, avif = false, className }: Props) {
  const { widths, aspect } = IMAGE_KINDS[kind];
  const width = widths[widths.length - 1];
  const height = Math.round(width / aspect);
  const srcSet = src ? imageSrcSet(src, kind) : undefined;
  const avifSrcSet = src && avif ? imageSrcSet(src, kind, "avif") : undefined;
  if (src && priority) {
    // React preloads a high-priority <img> by itself, but not one inside a <picture>: say which
    // source a browser that reads AVIF takes, and it (only) fetches that one from the head.
    if (avifSrcSet)
      preload(imageVariantUrl(src, kind, width, "avif"), {
        as: "image",
        imageSrcSet: avifSrcSet,
        imageSizes: sizes,
        fetchPriority: "high",
        type: "image/avif",
      });
    else preload(src, { as: "image", imageSrcSet: srcSet, imageSizes: srcSet ? sizes : undefined, fetchPriority: "high" });
  }
  if (!src) {
    // A decorative image (empty alt) has no role: role="img" without a name fails WCAG 1.1.1.
    const a11y = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return <div {...a11y} className={`bg-stone-200 ${className ?? ""}`} style={{ aspectRatio: `${aspect}` }} />;
  }
  const img = (
    <img
      src={imageVariantUrl(src, kind, widths[1] ?? width)}
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
