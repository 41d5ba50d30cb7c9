/**
 * The environment, and the one place that reads it: the service's settings
 * and the buyer's keys are both read through here, each problem collected so
 * that start-up names every bad variable at once.
 *
 * @module
 */

/** Raised when the environment does not make a usable configuration. */
export class ConfigError extends Error {
  /** Every problem found, one per variable. */
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** The environment as a plain record. */
export type Env = Record<string, string | undefined>;

/** Reads variables of `env`, collecting every problem instead of stopping at the first. */
export function reader(env: Env) {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  /** A whole number of at least `min`, or `fallback` when unset. */
  const whole = (name: string, fallback: number, min: number) => {
    const value = read(name);
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) {
      problems.push(`${name} "${value}" must be a whole number, at least ${min}`);
      return fallback;
    }
    return number;
  };
  /** An http(s) URL without trailing slashes, or undefined when unset. */
  const url = (name: string) => {
    const value = read(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new TypeError("not http(s)");
      return value.replace(/\/+$/, "");
    } catch {
      problems.push(`${name} "${value}" is not an http(s) URL`);
      return undefined;
    }
  };
  return { problems, read, whole, url };
}

/** The reader of one environment: its values, checked, and the problems found so far. */
export type EnvReader = ReturnType<typeof reader>;

/** The process environment; a denied permission reads as empty. */
export function processEnv(): Env {
  try {
    return Deno.env.toObject();
  } catch {
    return {};
  }
}
