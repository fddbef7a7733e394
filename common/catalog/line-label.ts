/** "Linen Shirt (Blue, M)": a product's name with its chosen colour and size, for messages. */
export function lineLabel(name: string, color: string | null | undefined, size: string | null | undefined): string {
  const options = [color, size].filter((v): v is string => Boolean(v));
  return options.length ? `${name} (${options.join(", ")})` : name;
}
