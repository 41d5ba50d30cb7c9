/**
 * What Deno Deploy's install may leave out of the installed packages. npm
 * packages ship three builds and their sources so that every bundler and
 * editor finds something: CommonJS beside ESM, type declarations, source
 * maps, the TypeScript they were built from. Deno running `main.ts` loads the
 * ESM build through each package's `exports` and never reads the rest; the
 * install for Deploy drops it, which takes remote mode from 166 MB of files to
 * under 60 MB (`tests/tasks/deploy_install_test.ts` converts a PDF and serves
 * remote mode from what is left).
 *
 * The rules are by kind, not by package, with one exception: pdf.js, whose
 * non-legacy build, viewer and types the service never imports (it loads
 * `pdfjs-dist/legacy/build/pdf.mjs` and its worker; cmaps, standard fonts and
 * wasm decoders stay).
 *
 * @module
 */

/** Files no running module reads: source maps, type declarations and the packages' prose. */
const UNREAD_FILE = /(\.map|\.d\.[cm]?ts|\.md)$/;

/** Files a package built into `_esm/` keeps outside it only for other loaders: its sources. */
const SOURCE_FILE = /\.tsx?$/;

/** Folders of a package built into `_esm/` that hold the other loaders' builds. */
const OTHER_BUILDS = ["_cjs", "_types"];

/** pdf.js's folders the service never imports (it loads `legacy/build/`). */
const PDFJS_UNUSED = ["build", "web", "types", "image_decoders"];

/** Bytes removed by {@linkcode pruneInstall}, by rule. */
export interface PruneReport {
  unreadFiles: number;
  otherBuilds: number;
  pdfjsUnused: number;
}

/** Removes what remote mode never loads from a `node_modules` folder Deno installed; returns the bytes removed. */
export async function pruneInstall(nodeModules: string): Promise<PruneReport> {
  const report: PruneReport = { unreadFiles: 0, otherBuilds: 0, pdfjsUnused: 0 };
  for (const packageRoot of await installedPackages(`${nodeModules}/.deno`)) {
    const name = packageRoot.slice(packageRoot.lastIndexOf("/node_modules/") + "/node_modules/".length);
    if (name === "pdfjs-dist") {
      for (const folder of PDFJS_UNUSED) report.pdfjsUnused += await removeTree(`${packageRoot}/${folder}`);
    }
    if (await exists(`${packageRoot}/_esm`)) {
      for (const folder of OTHER_BUILDS) report.otherBuilds += await removeTree(`${packageRoot}/${folder}`);
      report.otherBuilds += await removeFiles(packageRoot, SOURCE_FILE, `${packageRoot}/_esm`);
    }
    report.unreadFiles += await removeFiles(packageRoot, UNREAD_FILE);
  }
  return report;
}

/** Every installed package's folder under Deno's `node_modules/.deno` (`<name@version>/node_modules/<name>`). */
async function installedPackages(denoFolder: string): Promise<string[]> {
  const roots: string[] = [];
  for await (const entry of Deno.readDir(denoFolder)) {
    if (!entry.isDirectory || !entry.name.includes("@")) continue;
    const inner = `${denoFolder}/${entry.name}/node_modules`;
    // The folder's name is the package's with `/` written `+`, then `@version`.
    const name = entry.name.slice(0, entry.name.lastIndexOf("@")).replace("+", "/");
    if (await exists(`${inner}/${name}/package.json`)) roots.push(`${inner}/${name}`);
  }
  return roots;
}

/** Removes the files under `folder` whose names match, never entering `keep` or nested packages; bytes removed. */
async function removeFiles(folder: string, pattern: RegExp, keep?: string): Promise<number> {
  let bytes = 0;
  for await (const entry of Deno.readDir(folder)) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory && path !== keep && entry.name !== "node_modules") {
      bytes += await removeFiles(path, pattern, keep);
    } else if (entry.isFile && pattern.test(entry.name)) {
      bytes += (await Deno.lstat(path)).size;
      await Deno.remove(path);
    }
  }
  return bytes;
}

/** Removes a folder and everything in it, if it exists; bytes removed. */
async function removeTree(path: string): Promise<number> {
  if (!(await exists(path))) return 0;
  const bytes = await removeFiles(path, /./);
  await Deno.remove(path, { recursive: true });
  return bytes;
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}
