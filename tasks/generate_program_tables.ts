/**
 * Generates `lib/solana/transaction/program_errors/generated.json`: program
 * names and custom-error tables read from maintained sources — the IDLs and
 * generated error modules that protocol teams publish in their npm packages,
 * and the program ids in the Carbon indexer's decoders — rather than typed by
 * hand. Each entry records its source (package and version, or repository and
 * commit, and the file). A program id is only accepted when it appears in the
 * named package or file.
 *
 * Run: `deno run -A tasks/generate_program_tables.ts [carbon-git-dir]`
 * (packages are fetched with `npm pack` into a temporary directory).
 *
 * @module
 */

const OUT = new URL("../lib/solana/transaction/program_errors/generated.json", import.meta.url);

/** How a file holds its errors. */
type Kind =
  /** An Anchor IDL as JSON (`errors: [{code, name, msg}]`). */
  | "anchor_json"
  /** An Anchor IDL inside JavaScript (the same objects, as a literal). */
  | "anchor_js"
  /** A Codama client: `PREFIX_ERROR__NAME = code` and `[PREFIX_ERROR__NAME]: "message"`. */
  | "codama"
  /** A Umi client: error classes registered with `codeToErrorMap.set(code, Class)`. */
  | "umi";

interface ErrorSource {
  package: string;
  version: string;
  file: string;
  kind: Kind;
  program: string;
  name: string;
  /** Codama's constant prefix. */
  prefix?: string;
}

interface NameSource {
  /** The id, checked against the npm package; read from the decoder for `carbon:` sources. */
  program?: string;
  name: string;
  /** An npm package (`name@version`) or `carbon:<decoder dir>`, where the id is read. */
  from: string;
}

const ERROR_SOURCES: ErrorSource[] = [
  {
    package: "@drift-labs/sdk",
    version: "2.145.0",
    file: "src/idl/drift.json",
    kind: "anchor_json",
    program: "dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH",
    name: "Drift Protocol v2",
  },
  {
    package: "@drift-labs/sdk",
    version: "2.145.0",
    file: "src/idl/switchboard_on_demand_30.json",
    kind: "anchor_json",
    program: "SBondMDrcV3K4kxZR1HNVT7osZxAHVHgYXL5Ze1oMUv",
    name: "Switchboard On-Demand",
  },
  {
    package: "@mrgnlabs/marginfi-client-v2",
    version: "6.4.1",
    file: "src/idl/marginfi_0.1.7.json",
    kind: "anchor_json",
    program: "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
    name: "MarginFi v2",
  },
  {
    package: "@mrgnlabs/marginfi-client-v2",
    version: "6.4.1",
    file: "src/vendor/pyth_crank/idl/receiver_program.json",
    kind: "anchor_json",
    program: "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ",
    name: "Pyth Solana Receiver",
  },
  {
    package: "@mrgnlabs/marginfi-client-v2",
    version: "6.4.1",
    file: "src/vendor/pyth_crank/idl/pyth_push_oracle-new.json",
    kind: "anchor_json",
    program: "pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT",
    name: "Pyth Push Oracle",
  },
  {
    package: "@mrgnlabs/marginfi-client-v2",
    version: "6.4.1",
    file: "src/vendor/pyth_crank/idl/pyth_wormhole.json",
    kind: "anchor_json",
    program: "HDwcJBJXjL9FpJ7UBsYBtaDjsBUhuLCUYoz3zr8SWWaQ",
    name: "Wormhole Receiver (Pyth)",
  },
  {
    package: "@pump-fun/pump-sdk",
    version: "2.0.0",
    file: "src/idl/pump.json",
    kind: "anchor_json",
    program: "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P",
    name: "Pump.fun",
  },
  {
    package: "@pump-fun/pump-sdk",
    version: "2.0.0",
    file: "src/idl/pump_amm.json",
    kind: "anchor_json",
    program: "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA",
    name: "PumpSwap AMM",
  },
  {
    package: "@pump-fun/pump-sdk",
    version: "2.0.0",
    file: "src/idl/pump_fees.json",
    kind: "anchor_json",
    program: "pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ",
    name: "Pump Fees",
  },
  {
    package: "@sqds/multisig",
    version: "2.1.4",
    file: "idl/squads_multisig_program.json",
    kind: "anchor_json",
    program: "SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf",
    name: "Squads Multisig v4",
  },
  {
    package: "@openbook-dex/openbook-v2",
    version: "0.2.10",
    file: "dist/cjs/openbook_v2.js",
    kind: "anchor_js",
    program: "opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb",
    name: "OpenBook v2",
  },
  {
    package: "@marinade.finance/marinade-ts-sdk",
    version: "6.0.0",
    file: "dist/src/programs/idl/types/marinade_finance.js",
    kind: "anchor_js",
    program: "MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD",
    name: "Marinade Finance",
  },
  {
    package: "@meteora-ag/dynamic-amm-sdk",
    version: "1.4.1",
    file: "dist/cjs/src/amm/idl.js",
    kind: "anchor_js",
    program: "Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB",
    name: "Meteora Pools (Dynamic AMM)",
  },
  {
    package: "@meteora-ag/dlmm",
    version: "1.9.14",
    file: "dist/index.js",
    kind: "anchor_js",
    program: "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo",
    name: "Meteora DLMM",
  },
  {
    package: "@meteora-ag/cp-amm-sdk",
    version: "1.5.0",
    file: "dist/index.js",
    kind: "anchor_js",
    program: "cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG",
    name: "Meteora DAMM v2",
  },
  {
    package: "@jup-ag/limit-order-sdk",
    version: "0.1.10",
    file: "dist/index.js",
    kind: "anchor_js",
    program: "jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu",
    name: "Jupiter Limit Order",
  },
  {
    package: "@jup-ag/dca-sdk",
    version: "3.0.1",
    file: "dist/index.js",
    kind: "anchor_js",
    program: "DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M",
    name: "Jupiter DCA",
  },
  {
    package: "@orca-so/whirlpools-client",
    version: "7.0.0",
    file: "dist/index.cjs",
    kind: "codama",
    prefix: "WHIRLPOOL_ERROR__",
    program: "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc",
    name: "Orca Whirlpool",
  },
  {
    package: "@metaplex-foundation/mpl-core",
    version: "1.10.0",
    file: "dist/src/generated/errors/mplCore.js",
    kind: "umi",
    program: "CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d",
    name: "Metaplex Core",
  },
  {
    package: "@metaplex-foundation/mpl-bubblegum",
    version: "5.1.0",
    file: "dist/src/generated/errors/mplBubblegum.js",
    kind: "umi",
    program: "BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY",
    name: "Metaplex Bubblegum",
  },
  {
    package: "@metaplex-foundation/mpl-token-metadata",
    version: "3.4.0",
    file: "dist/src/generated/errors/mplTokenMetadata.js",
    kind: "umi",
    program: "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s",
    name: "Metaplex Token Metadata",
  },
];

const NAME_SOURCES: NameSource[] = [
  {
    program: "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB",
    name: "Jupiter Aggregator v4",
    from: "@jup-ag/dca-sdk@3.0.1",
  },
  { name: "Jupiter Perpetuals", from: "carbon:jupiter-perpetuals-decoder" },
  { name: "Jupiter Limit Order v2", from: "carbon:jupiter-limit-order-2-decoder" },
  {
    program: "routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS",
    name: "Raydium AMM Routing",
    from: "@raydium-io/raydium-sdk-v2@0.2.73-alpha",
  },
  { name: "Lifinity AMM v2", from: "carbon:lifinity-amm-v2-decoder" },
  { name: "Kamino Lending", from: "carbon:kamino-lending-decoder" },
  { name: "Phoenix", from: "carbon:phoenix-v1-decoder" },
  {
    program: "So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo",
    name: "Solend (Save)",
    from: "@solendprotocol/solend-sdk@0.14.27",
  },
  {
    program: "SW1TCH7qEPTdLsDHRgPuMQjbQxKdH2aBStViMFnt64f",
    name: "Switchboard v2",
    from: "@solendprotocol/solend-sdk@0.14.27",
  },
  {
    program: "FsJ3A3u2vn5cTVofAjvy6y5kwABJAqYWpe4975bi2epH",
    name: "Pyth Oracle",
    from: "@pythnetwork/client@2.22.1",
  },
  {
    program: "worm2ZoG2kUd4vFXhvjh93UUH596ayRfgQ2MgjNMTth",
    name: "Wormhole Core Bridge",
    from: "@wormhole-foundation/sdk-base@6.1.5",
  },
  {
    program: "wormDTUJ6AWPNvk59vGQbDvGJmqbDTdgWgAqcLBCgUb",
    name: "Wormhole Token Bridge",
    from: "@wormhole-foundation/sdk-base@6.1.5",
  },
  {
    program: "HEvSKofvBgfaexv23kMabbYqxasxU3mQ4ibBMEmJWHny",
    name: "Chainlink Store",
    from: "@chainlink/solana-sdk@0.2.2",
  },
  {
    program: "cjg3oHmg9uuPsP8D6g29NWvhySJkdYdAo9D25PRbKXJ",
    name: "Chainlink OCR2",
    from: "@chainlink/solana-sdk@0.2.2",
  },
  { name: "Raydium AMM v4", from: "carbon:raydium-amm-v4-decoder" },
  { name: "Raydium CPMM", from: "carbon:raydium-cpmm-decoder" },
  { name: "Raydium CLMM", from: "carbon:raydium-clmm-decoder" },
  { name: "Raydium LaunchLab", from: "carbon:raydium-launchpad-decoder" },
  { name: "Meteora Dynamic Bonding Curve", from: "carbon:meteora-dbc-decoder" },
  { name: "Meteora Vault", from: "carbon:meteora-vault-decoder" },
  { name: "Kamino Farms", from: "carbon:kamino-farms-decoder" },
  { name: "Kamino Vault", from: "carbon:kamino-vault-decoder" },
  { name: "Kamino Limit Order", from: "carbon:kamino-limit-order-decoder" },
  { name: "Jupiter Lend", from: "carbon:jupiter-lend-decoder" },
  { name: "Moonshot", from: "carbon:moonshot-decoder" },
  { name: "Zeta Markets", from: "carbon:zeta-decoder" },
  { name: "OKX DEX Router", from: "carbon:okx-dex-decoder" },
  { name: "Meteora DLMM", from: "carbon:meteora-dlmm-decoder" },
  { name: "Stabble Stable Swap", from: "carbon:stabble-stable-swap-decoder" },
  { name: "Stabble Weighted Swap", from: "carbon:stabble-weighted-swap-decoder" },
  { name: "Raydium Stable Swap", from: "carbon:raydium-stable-swap-decoder" },
  { name: "Raydium Liquidity Locking", from: "carbon:raydium-liquidity-locking-decoder" },
  { name: "Boop", from: "carbon:boop-decoder" },
  { name: "Heaven", from: "carbon:heaven-decoder" },
  { name: "Vertigo", from: "carbon:vertigo-decoder" },
  { name: "Virtuals", from: "carbon:virtuals-decoder" },
  { name: "Pancake Swap", from: "carbon:pancake-swap-decoder" },
  { name: "Fluxbeam", from: "carbon:fluxbeam-decoder" },
  { name: "Bonkswap", from: "carbon:bonkswap-decoder" },
  { name: "DFlow Aggregator v4", from: "carbon:dflow-aggregator-v4-decoder" },
  { name: "Sharky", from: "carbon:sharky-decoder" },
  { name: "Solayer Restaking", from: "carbon:solayer-restaking-program-decoder" },
  { name: "Name Service", from: "carbon:name-service-decoder" },
  { name: "Swig", from: "carbon:swig-decoder" },
];

async function pack(dir: string, name: string, version: string): Promise<string> {
  const target = `${dir}/${name.replace("/", "+")}@${version}`;
  try {
    await Deno.stat(`${target}/package`);
    return `${target}/package`;
  } catch { /* not fetched yet */ }
  await Deno.mkdir(target, { recursive: true });
  const packed = await new Deno.Command("npm", {
    args: ["pack", `${name}@${version}`, "--silent", "--pack-destination", target],
    stdout: "piped",
  }).output();
  if (!packed.success) throw new Error(`npm pack ${name}@${version} failed`);
  const tarball = new TextDecoder().decode(packed.stdout).trim().split("\n").pop()!;
  const untar = await new Deno.Command("tar", { args: ["-xzf", `${target}/${tarball}`, "-C", target] })
    .output();
  if (!untar.success) throw new Error(`could not unpack ${tarball}`);
  return `${target}/package`;
}

/** Whether `text` occurs in any file under `dir`. */
async function mentions(dir: string, text: string): Promise<boolean> {
  const grep = await new Deno.Command("grep", { args: ["-r", "-l", "-F", "-m1", text, dir], stdout: "piped" })
    .output();
  return grep.success && grep.stdout.length > 0;
}

type Row = [code: number, name: string, message: string];

function unquote(text: string): string {
  return text.replace(/\\(["'`\\])/g, "$1").replace(/\\n/g, " ");
}

function rowsOf(text: string, source: ErrorSource): Row[] {
  switch (source.kind) {
    case "anchor_json":
      return ((JSON.parse(text).errors ?? []) as Array<{ code: number; name: string; msg?: string }>)
        .map((error) => [error.code, error.name, error.msg ?? error.name]);
    case "anchor_js": {
      const pattern =
        /["']?code["']?\s*:\s*([0-9.e]+)\s*,\s*["']?name["']?\s*:\s*(["'`])(\w+)\2\s*(?:,\s*["']?msg["']?\s*:\s*(["'`])((?:\\.|(?!\4).)*)\4)?/g;
      return [...text.matchAll(pattern)].map((m) => [Number(m[1]), m[3]!, unquote(m[5] ?? m[3]!)]);
    }
    case "codama": {
      const codes = new Map(
        [...text.matchAll(new RegExp(`var ${source.prefix}(\\w+) = ([0-9.e]+);`, "g"))].map((
          m,
        ) => [m[1]!, Number(m[2])]),
      );
      const messages = new Map(
        [...text.matchAll(new RegExp(`\\[${source.prefix}(\\w+)\\]: (["'\`])((?:\\\\.|(?!\\2).)*)\\2`, "g"))]
          .map((m) => [m[1]!, unquote(m[3]!)]),
      );
      return [...codes].map((
        [constant, code],
      ) => [code, pascal(constant), messages.get(constant) ?? pascal(constant)]);
    }
    case "umi": {
      const classes = new Map<string, { name: string; message: string }>();
      for (const block of text.split(/\nclass /).slice(1)) {
        const className = block.match(/^(\w+)/)?.[1];
        const message = block.match(/super\((["'])((?:\\.|(?!\1).)*)\1/)?.[2];
        const name = block.match(/this\.name = (["'])(\w+)\1/)?.[2];
        if (className && name) classes.set(className, { name, message: unquote(message ?? name) });
      }
      return [...text.matchAll(/codeToErrorMap\.set\((0x[0-9a-f]+|\d+), (\w+)\)/g)].flatMap((m) => {
        const found = classes.get(m[2]!);
        return found ? [[Number(m[1]), found.name, found.message] as Row] : [];
      });
    }
  }
}

function pascal(constant: string): string {
  return constant.toLowerCase().replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/** The program id a Carbon decoder declares (`PROGRAM_ID ... from_str_const("...")`), and its file. */
async function carbonProgram(carbon: string, decoder: string): Promise<{ program: string; file: string }> {
  const file = `decoders/${decoder}/src/lib.rs`;
  const out = await new Deno.Command("git", { args: ["-C", carbon, "show", `HEAD:${file}`], stdout: "piped" })
    .output();
  const program = new TextDecoder().decode(out.stdout).match(
    /PROGRAM_ID[\s\S]{0,120}?from_str_const\(\s*"([1-9A-HJ-NP-Za-km-z]{32,44})"/,
  )?.[1];
  if (!out.success || !program) throw new Error(`no program id in carbon ${file}`);
  return { program, file };
}

async function main(carbon: string) {
  const work = await Deno.makeTempDir({ prefix: "program-tables-" });
  const carbonCommit = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["-C", carbon, "rev-parse", "HEAD"], stdout: "piped" }).output())
      .stdout,
  ).trim();
  const tables = [];
  for (const source of ERROR_SOURCES) {
    const dir = await pack(work, source.package, source.version);
    if (!(await mentions(dir, source.program))) {
      throw new Error(`${source.package}@${source.version} never mentions ${source.program}`);
    }
    const seen = new Set<number>();
    const rows = rowsOf(await Deno.readTextFile(`${dir}/${source.file}`), source)
      .filter(([code]) => Number.isSafeInteger(code) && !seen.has(code) && seen.add(code));
    if (rows.length === 0) throw new Error(`no errors found in ${source.package}/${source.file}`);
    tables.push({
      program: source.program,
      programName: source.name,
      source: `npm:${source.package}@${source.version}/${source.file}`,
      // Umi clients are generated for Shank (non-Anchor) programs; the others are Anchor programs.
      anchor: source.kind !== "umi",
      errors: rows.sort((a, b) => a[0] - b[0]),
    });
    console.log(`${source.name}: ${rows.length} errors`);
  }
  const names = [];
  for (const entry of NAME_SOURCES) {
    let source: string;
    let program = entry.program;
    if (entry.from.startsWith("carbon:")) {
      const found = await carbonProgram(carbon, entry.from.slice(7));
      program = found.program;
      source = `github:sevenlabs-hq/carbon@${carbonCommit}/${found.file}`;
    } else {
      const at = entry.from.lastIndexOf("@");
      const dir = await pack(work, entry.from.slice(0, at), entry.from.slice(at + 1));
      if (!program || !(await mentions(dir, program))) {
        throw new Error(`${entry.from} never mentions ${program}`);
      }
      source = `npm:${entry.from}`;
    }
    names.push({ program, programName: entry.name, source });
  }
  await Deno.writeTextFile(OUT, JSON.stringify({ tables, names }, null, 1) + "\n");
  // Written in the repository's own format, so regenerating changes only what changed.
  await new Deno.Command("deno", { args: ["fmt", "--quiet", OUT.pathname] }).output();
  await Deno.remove(work, { recursive: true });
  console.log(`${tables.length} error tables, ${names.length} further names`);
}

if (import.meta.main) await main(Deno.args[0] ?? "/work/.mirror/sevenlabs-hq+carbon/repo");
