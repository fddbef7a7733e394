import fs from "node:fs";
import path from "node:path";
import { type Token, parse } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, CATALOGS, NAMESPACES } from "./catalogs";
import { LANGUAGES } from "./languages";

/** The names of a message's ICU arguments (`{count, plural, …}` → count), nested ones included. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(token.arg);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "messages" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe("message catalogs", () => {
  const english = CATALOGS.en;

  it("hold the administration's texts (English only) under admin., each a message that parses", () => {
    for (const [key, message] of Object.entries(ADMIN_MESSAGES)) {
      expect(key.startsWith("admin."), key).toBe(true);
      expect(() => parse(message), key).not.toThrow();
    }
  });

  it("keep every key of a namespace under its name", () => {
    for (const language of LANGUAGES)
      for (const namespace of NAMESPACES)
        for (const key of Object.keys(CATALOGS[language][namespace])) expect(key.startsWith(`${namespace}.`), `${language} ${key}`).toBe(true);
  });

  it("have every English message in every language, with the same arguments, and nothing else", () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const theirs = CATALOGS[language][namespace];
        for (const [key, source] of Object.entries(english[namespace])) {
          const message = theirs[key];
          if (message === undefined || message.trim() === "") problems.push(`${language}: ${key} is missing`);
          else if (argumentsOf(message).join() !== argumentsOf(source).join())
            problems.push(`${language}: ${key} has {${argumentsOf(message)}} where English has {${argumentsOf(source)}}`);
        }
        for (const key of Object.keys(theirs)) if (!(key in english[namespace])) problems.push(`${language}: ${key} is not an English key`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("have no key that the code never uses", () => {
    const code = ["app", "server", "common"]
      .flatMap(sourceFiles)
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    const quoted = (text: string) => code.includes(`"${text}"`) || code.includes(`'${text}'`) || code.includes(`\`${text}\``);
    const unused = [
      ...NAMESPACES.filter((namespace) => namespace !== "errors").flatMap((namespace) => Object.keys(english[namespace])),
      ...Object.keys(ADMIN_MESSAGES),
    ].filter((key) => !quoted(key));
    expect(unused).toEqual([]);
  });

  it("hold, under errors, only messages the server answers with (found by their English text)", () => {
    const code = ["server", "common"]
      .flatMap(sourceFiles)
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    const unknown = Object.entries(english.errors)
      .filter(([, text]) => !code.includes(`"${text}"`) && !code.includes(`\`${text}\``))
      .map(([key]) => key);
    expect(unknown).toEqual([]);
  });
});
