/**
 * Listings that quote one command, set back to back with the next listing.
 * READMEs show how to install or run a thing as a listing of its own, one
 * command long (`npm install undici`, `$ npm install -D eslint`), and then
 * the code that uses it in a listing of its own; or the same install by each
 * package manager, one listing each (`bun add dotenv`, `yarn add dotenv`). A
 * producer that leaves no space between listings (AbiWord) sets them on one
 * grid, and what the fences showed is gone from the page. What still shows
 * it is the text: a shell command alone, under it a statement of a program
 * (a command's output is no `import` or `await` line, nor ends in a
 * semicolon), or the same package installed again by another manager, which
 * nobody runs twice. So too a data file's listing, opened by a comment naming
 * it (`# file.yml`), and the program reading it under it: no such file holds
 * an `import` or a declaration.
 *
 * @module
 */

/** A command line: a shell prompt before one, or a package manager's or runtime's command. */
const COMMAND = /^(?:\$ \S|(?:npm|npx|yarn|pnpm|bun|bunx|deno|pip3?|cargo|gem|composer|brew) [a-z])/;

/** A package manager installing packages: its name, then the packages named. */
const INSTALL =
  /^(?:\$ )?(npm|yarn|pnpm|bun|deno|jsr) (?:install|add|i)((?: -{1,2}[\w-]+)*)((?: [@\w./:-]+)+)$/;

/** A statement of a program: an import, a declaration, an awaited call, or a line ending in a semicolon. */
const STATEMENT = /^(?:(?:import|export|const|let|var|await) [\w{*"'(]|require\(|\w[\w.]*\(.*;$)/;

/**
 * True when `line`, straight under the one-row listing `first`, opens a
 * listing of its own: `first` quotes one command, and `line` is a program's
 * statement, or installs the same packages by another manager.
 */
export function followsLoneCommand(first: string, line: string): boolean {
  if (!COMMAND.test(first)) return false;
  if (STATEMENT.test(line)) return true;
  const [a, b] = [INSTALL.exec(first), INSTALL.exec(line)];
  return a !== null && b !== null && a[1] !== b[1] && packages(a[3]!) === packages(b[3]!);
}

/** The packages an install names, without a registry's prefix (`jsr:`, `npm:`). */
function packages(names: string): string {
  return names.trim().split(" ").map((n) => n.replace(/^(?:jsr|npm):/, "")).sort().join(" ");
}

/** A comment naming a data file, which no program's statement is a line of (`# file.yml`, `# .env`). */
const DATA_FILE_COMMENT = /^#\s*[\w./-]*\.(?:ya?ml|toml|ini|env|cfg|conf|properties)$/;

/** A program's opening statement: an import or a declaration (an `.env` file may `export`). */
const PROGRAM_LINE = /^(?:(?:import|const|let|var) [\w{*"']|require\()/;

/**
 * True when `line`, straight under a listing whose first row is `first`,
 * opens a listing of its own: `first` names a data file and `line` is a
 * program's statement.
 */
export function followsDataFile(first: string, line: string): boolean {
  return DATA_FILE_COMMENT.test(first) && PROGRAM_LINE.test(line);
}
