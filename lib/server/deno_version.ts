/**
 * The oldest Deno the service runs on, and the refusal below it. The floor
 * is set by the lockfile: Deno 2.9 records `package.json`'s `overrides`
 * there, which Deno before 2.7 cannot read (2.5 and 2.6 stop with "Invalid
 * workspace section"), and installs them (npm overrides arrived in 2.7).
 * Measured: 2.7.1 installs and serves remote mode from this lockfile.
 * This module imports nothing, so `tasks/deploy_install.ts` can run it with
 * `--no-config --no-lock` on any Deno, before the lockfile is read.
 *
 * @module
 */

/** The oldest Deno the service is known to run on. */
export const MINIMUM_DENO = "2.7.1";

/** `version` (`major.minor.patch`, any suffix ignored) as three numbers. */
function parts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version.split(/[.+-]/).slice(0, 3).map((part) =>
    Number(part) || 0
  );
  return [major, minor, patch];
}

/** Why the service cannot run on Deno `version`, or undefined when it can. */
export function denoVersionRefusal(version: string): string | undefined {
  const [have, need] = [parts(version), parts(MINIMUM_DENO)];
  const older = have.findIndex((part, i) => part !== need[i]);
  if (older < 0 || have[older]! > need[older]!) return undefined;
  return `Deno ${version} is too old for this service: it needs Deno ${MINIMUM_DENO} or newer (its lockfile ` +
    "records package.json overrides, which older Deno cannot read). Upgrade Deno (deno upgrade), or on Deno " +
    "Deploy wait for its runtime to reach that version (docs/operations.md, Deno version).";
}
