/**
 * A listing of one command, and the rows that open a listing of their own
 * under it (`lone_commands.ts`).
 */
import assert from "node:assert/strict";
import { followsDataFile, followsLoneCommand } from "../../../lib/pdf/lone_commands.ts";

Deno.test("a program's statement under a lone command opens a listing of its own", () => {
  assert.ok(followsLoneCommand("npm install undici", 'import { fetch } from "undici";'));
  assert.ok(followsLoneCommand("$ npm install -D eslint", "await execa({ preferLocal: true })`eslint`;"));
  assert.ok(
    followsLoneCommand("$ dotenv run --fast -- node index.js", 'require("dotenv").config({ fast: true });'),
  );
});

Deno.test("another manager's install of the same package opens a listing of its own", () => {
  assert.ok(followsLoneCommand("bun add dotenv", "yarn add dotenv"));
  assert.ok(followsLoneCommand("npm install @scure/base", "deno add jsr:@scure/base"));
  // One manager's commands one after another, or other packages, are one listing's rows.
  assert.ok(!followsLoneCommand("npm install reader", "npm test"));
  assert.ok(!followsLoneCommand("npm install reader", "yarn add writer"));
  assert.ok(!followsLoneCommand("npm install reader", "npm install writer"));
});

Deno.test("what a command prints, and rows under no command, stay in the listing", () => {
  assert.ok(!followsLoneCommand("$ npm install reader", "added 1 package"));
  assert.ok(!followsLoneCommand("$ node example/parse.js -a beep", "{ _: [], a: 'beep' }"));
  // A row of code under code is no sequel to a command.
  assert.ok(!followsLoneCommand('import { read } from "reader";', 'read("./settings.json");'));
  assert.ok(!followsLoneCommand("// index.js", "const x = 1;"));
});

Deno.test("a program's import or declaration under a data file's listing opens a listing of its own", () => {
  assert.ok(followsDataFile("# file.yml", "import fs from 'fs'"));
  assert.ok(followsDataFile("# app/backend/.env", 'require("dotenv").config();'));
  // A data file's own lines, an `.env` file's exports, and code under a program's file comment stay.
  assert.ok(!followsDataFile("# file.yml", "yaml:"));
  assert.ok(!followsDataFile("# .env", "export PORT=8080"));
  assert.ok(!followsDataFile("// index.js", "import fs from 'fs'"));
});
