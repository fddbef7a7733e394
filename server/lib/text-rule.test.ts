import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, findTextProblem } from "./text-rule";

const nested = (levels: number, inner: unknown = "ok"): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe("findTextProblem", () => {
  it("names the first bad field in document order, at any depth", () => {
    expect(findTextProblem({ contact: { name: "Ada", email: "a\u0000b" }, notes: "x\u0001" })).toEqual({
      field: "contact.email",
      problem: "Contains a NUL character (not allowed)",
    });
    expect(findTextProblem({ lines: [{ size: "M" }, { size: "L\nXL" }] })?.field).toBe("lines.1.size");
    expect(findTextProblem({ message: "two\nlines", name: "Ada" })).toBeNull();
    expect(findTextProblem({ "bad\u0007key": 1 })?.problem).toMatch(/^Field name: /);
  });

  it(`takes ${MAX_JSON_DEPTH} levels of nesting and refuses one more, saying so`, () => {
    expect(findTextProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findTextProblem(nested(MAX_JSON_DEPTH - 1, "a\u0000"))?.field).toBe(`${"0.".repeat(MAX_JSON_DEPTH - 1)}`.slice(0, -1));
    expect(findTextProblem(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ tooDeep: true, problem: `Nests deeper than ${MAX_JSON_DEPTH} levels` });
  });

  it("walks a body nested far deeper than the stack allows without overflowing", () => {
    const deep = JSON.parse(`${"[".repeat(200_000)}${"]".repeat(200_000)}`);
    expect(findTextProblem(deep)?.tooDeep).toBe(true);
  });
});
