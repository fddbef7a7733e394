/**
 * The one rule for every text a client sends (path, query, JSON and form fields, upload fields):
 * well-formed Unicode, no NUL and no other control characters; tabs and line breaks only in text
 * that spans lines. PostgreSQL refuses NUL in text (a 500 before this rule) and SQLite stores it,
 * so a name of just "\u0000" would pass "required"; control characters in a name or an address end
 * up in mails, CSV exports and logs.
 */

/** Fields whose text spans lines (by the last segment of their name): messages, notes, descriptions, replies (`text`, `reply`), a list typed one a line (`blocklist`). */
const MULTILINE_FIELDS = new Set(["message", "notes", "note", "description", "body", "comment", "details", "address", "text", "reply", "blocklist"]);

// C0 controls and DEL, and the C1 controls (U+0080–U+009F).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f]/;
// A UTF-16 surrogate without its partner: JSON's "\ud800" escapes can make one; it is not text.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether the field named `name` (a dotted path like `contact.name`) may hold tabs and line breaks. */
export function isMultilineField(name: string): boolean {
  const last = name.slice(name.lastIndexOf(".") + 1);
  return MULTILINE_FIELDS.has(last);
}

/**
 * Why `value` is not acceptable text for the field `name`, or null when it is. `allowBreaks`
 * overrides the field's kind (query values: a search term of only a tab is blank, not an attack).
 */
export function textProblem(name: string, value: string, allowBreaks = isMultilineField(name)): string | null {
  if (LONE_SURROGATE.test(value)) return "Contains characters that are not valid text";
  const pattern = allowBreaks ? CONTROL : CONTROL_OR_BREAK;
  const found = pattern.exec(value);
  if (!found) return null;
  const code = found[0].charCodeAt(0);
  if (code === 0) return "Contains a NUL character (not allowed)";
  if (code === 9 || code === 10 || code === 13) return "Must be a single line (no tabs or line breaks)";
  return "Contains a control character (not allowed)";
}

/** How deep arrays and objects may nest in a JSON body: our deepest input (a product's variants) needs 3. */
export const MAX_JSON_DEPTH = 32;

/** What `findTextProblem` found: a field that breaks the text rule, or a body nested too deep. */
export interface TextProblem {
  field: string;
  problem: string;
  /** The body nests arrays and objects deeper than MAX_JSON_DEPTH. */
  tooDeep?: true;
}

/**
 * The first field of a parsed JSON value (strings and object keys, at any depth, in document
 * order) that breaks the text rule, as `{ field, problem }`, or null. Field names are dotted
 * paths (`contact.name`, `lines.0.size`), as our error answers name fields. It walks with a stack
 * of its own, not by recursion, and stops at arrays or objects nested deeper than MAX_JSON_DEPTH:
 * a few KB of `[[[…]]]` must be a 400, not a stack overflow.
 */
export function findTextProblem(root: unknown): TextProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      const problem = textProblem(path, value);
      if (problem) return { field: path || "body", problem };
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return { field: path || "body", problem: `Nests deeper than ${MAX_JSON_DEPTH} levels`, tooDeep: true };
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) children.push({ value: value[i], path: path ? `${path}.${i}` : String(i), depth: depth + 1 });
    } else {
      for (const [key, item] of Object.entries(value)) {
        const field = path ? `${path}.${key}` : key;
        const keyProblem = textProblem("", key);
        if (keyProblem) return { field: field.replace(CONTROL_OR_BREAK_GLOBAL, "?") || "body", problem: `Field name: ${keyProblem.toLowerCase()}` };
        children.push({ value: item, path: field, depth: depth + 1 });
      }
    }
    // Last pushed is walked first: the children go on in reverse, so fields are judged in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

const CONTROL_OR_BREAK_GLOBAL = new RegExp(CONTROL_OR_BREAK.source, "g");
