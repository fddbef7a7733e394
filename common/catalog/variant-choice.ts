import { AppError } from "#common/errors";
import { lineLabel } from "./line-label";

/** A variant as a choice of colour and size names it. */
export interface ChoosableVariant {
  id: string;
  color: string | null;
  size: string | null;
  stock: number;
}

const same = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * The variant that matches a chosen colour and size (any case), null for a product without
 * variants, or a 400 naming the field that is missing or wrong: what the cart adds and what a
 * back-in-stock alert waits for are chosen by the same rule.
 */
export function chooseVariant<V extends ChoosableVariant>(name: string, variants: readonly V[], color: string | null, size: string | null): V | null {
  if (variants.length === 0) {
    if (color) throw new AppError("invalid_input", `${name} does not come in colours.`, { color: "This product has no colours" });
    if (size) throw new AppError("invalid_input", `${name} does not come in sizes.`, { size: "This product has no sizes" });
    return null;
  }
  const hasColors = variants.some((v) => v.color);
  const hasSizes = variants.some((v) => v.size);
  if (hasColors && !color) throw new AppError("invalid_input", "Please choose a colour", { color: "Please choose a colour" });
  if (hasSizes && !size) throw new AppError("invalid_input", "Please choose a size", { size: "Please choose a size" });
  if (color && !hasColors) throw new AppError("invalid_input", `${name} does not come in colours.`, { color: "This product has no colours" });
  if (size && !hasSizes) throw new AppError("invalid_input", `${name} does not come in sizes.`, { size: "This product has no sizes" });
  if (color && !variants.some((v) => same(v.color, color))) {
    throw new AppError("invalid_input", `${name} does not come in ${color}.`, { color: "Please choose one of the colours shown" });
  }
  if (size && !variants.some((v) => same(v.size, size))) {
    throw new AppError("invalid_input", `${name} does not come in size ${size}.`, { size: "Please choose one of the sizes shown" });
  }
  const match = variants.find((v) => (!hasColors || same(v.color, color)) && (!hasSizes || same(v.size, size)));
  if (!match) throw new AppError("invalid_input", `${lineLabel(name, color, size)} is not available.`, { size: "This combination is not available" });
  return match;
}
