import { IMAGE_KINDS, type ImageKind, imageSrcSet, imageVariantUrl } from "../../server/modules/images/image-sizes";

interface Props {
  src: string | undefined;
  alt: string;
  kind: ImageKind;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** Above the fold: load eagerly with high priority; otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/** An image with srcset, explicit width and height (no layout shift) and lazy loading below the fold. */
export function ResponsiveImage({ src, alt, kind, sizes, priority = false, className }: Props) {
  const { widths, aspect } = IMAGE_KINDS[kind];
  const width = widths[widths.length - 1];
  const height = Math.round(width / aspect);
  if (!src) {
    // A decorative image (empty alt) has no role: role="img" without a name fails WCAG 1.1.1.
    const a11y = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return <div {...a11y} className={`bg-stone-200 ${className ?? ""}`} style={{ aspectRatio: `${aspect}` }} />;
  }
  return (
    <img
      src={imageVariantUrl(src, kind, widths[1] ?? width)}
      srcSet={imageSrcSet(src, kind)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={className}
    />
  );
}
