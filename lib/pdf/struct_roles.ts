/**
 * Maps a structure element's type to the standard type it stands for, as
 * the PDF specification does and pdf.js does only in part. pdf.js looks a
 * type up once in the document's `RoleMap`; but a role map may map a type
 * to another custom type that it maps in turn (Word, LaTeX's tagging for
 * PDF 1.7), and a PDF 2.0 document puts its own types in namespaces of its
 * own (`/NS`), each mapping them through its `RoleMapNS` to a type of
 * another namespace, at the end a standard one (`section` → `H2`). Without
 * this, such headings, paragraphs and lists read as unknown elements and the
 * document's structure is lost.
 *
 * pdf.js' role getter is replaced (see `guard.ts`) by one that calls
 * {@linkcode resolveRole} through a global, with the element's namespace
 * dictionary and the document's role map.
 *
 * @module
 */

/** Name of the global the patched getter calls. */
const GLOBAL = "pdfStructRole";

/** The standard structure namespaces of PDF 1.7 and PDF 2.0: their types are final. */
const STANDARD_NAMESPACES = new Set(["http://iso.org/pdf/ssn", "http://iso.org/pdf2/ssn"]);

/** Most mappings followed (a map may loop). */
const MAX_STEPS = 16;

/** A pdf.js dictionary, as far as this reads it. */
interface DictLike {
  get(key: string): unknown;
}

/** True for a pdf.js dictionary. */
function isDict(value: unknown): value is DictLike {
  return typeof value === "object" && value !== null && typeof (value as DictLike).get === "function";
}

/** The name a pdf.js `Name` holds, if `value` is one. */
function nameOf(value: unknown): string | undefined {
  const name = typeof value === "object" && value !== null ? (value as { name?: unknown }).name : undefined;
  return typeof name === "string" && !isDict(value) ? name : undefined;
}

/**
 * The standard type a structure type stands for.
 *
 * @param type The element's `/S`.
 * @param namespace The element's `/NS` dictionary, if any.
 * @param roleMap The document's `RoleMap` (type → type), for types in no namespace.
 * @param fetch Resolves an indirect reference (a `RoleMapNS` target's namespace).
 */
export function resolveRole(
  type: string,
  namespace: unknown,
  roleMap: ReadonlyMap<string, string>,
  fetch: (value: unknown) => unknown,
): string {
  let role = type, space = namespace;
  for (let step = 0; step < MAX_STEPS; step++) {
    if (isDict(space)) {
      const uri = space.get("NS");
      if (typeof uri === "string" && STANDARD_NAMESPACES.has(uri)) return role;
      const map = space.get("RoleMapNS");
      const target = isDict(map) ? map.get(role) : undefined;
      const named = nameOf(target);
      if (named !== undefined) {
        // A bare name is a type of the default (PDF 1.7) namespace.
        role = named, space = undefined;
        continue;
      }
      if (Array.isArray(target) && nameOf(target[0]) !== undefined) {
        role = nameOf(target[0])!, space = fetch(target[1]);
        continue;
      }
      // Not mapped in its own namespace: the document's role map is what a PDF 1.7 reader uses.
      space = undefined;
    }
    const mapped = roleMap.get(role);
    if (mapped === undefined || mapped === role) return role;
    role = mapped;
  }
  return role;
}

/**
 * What {@linkcode resolveRoleMarked} appends to a heading role reached from a
 * type of the producer's own (LaTeX's `section` mapped to `H2`): the level is
 * the producer's role map's, not the author's (see `tree_levels.ts`).
 */
export const OWN_HEADING_MARK = " own";

/** {@linkcode resolveRole}, a heading reached from another type marked with {@linkcode OWN_HEADING_MARK}. */
export function resolveRoleMarked(
  type: string,
  namespace: unknown,
  roleMap: ReadonlyMap<string, string>,
  fetch: (value: unknown) => unknown,
): string {
  const role = resolveRole(type, namespace, roleMap, fetch);
  return role !== type && /^H[1-6]$/.test(role) ? role + OWN_HEADING_MARK : role;
}

/** Installs {@linkcode resolveRoleMarked} where the patched pdf.js calls it. */
export function installStructRoles(): void {
  (globalThis as Record<string, unknown>)[GLOBAL] = resolveRoleMarked;
}

/** pdf.js' role getter (`StructElementNode.role`), one mapping through `RoleMap`. */
const ROLE_GETTER = `    const {
      root
    } = this.tree;
    return root.roleMap.get(name) ?? name;
  }
`;

/** The getter calling {@linkcode resolveRole}, falling back to pdf.js' own lookup where it is not installed. */
const RESOLVING_GETTER = `    const {
      root
    } = this.tree;
    const resolve = globalThis.${GLOBAL};
    if (resolve) return resolve(name, this.dict.get("NS"), root.roleMap, (ref) => this.xref.fetchIfRef(ref));
    return root.roleMap.get(name) ?? name;
  }
`;

/** The edit to pdf.js' worker source: [exact text, replacement]. */
export const ROLE_EDIT: [before: string, after: string] = [ROLE_GETTER, RESOLVING_GETTER];
