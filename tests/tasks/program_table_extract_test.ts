/**
 * The extractor on each kind of source, with excerpts quoted from the files
 * the generator reads (named beside each), so a parser that drifts fails
 * here even on a machine that holds none of the sources.
 *
 * @module
 */
import assert from "node:assert/strict";
import { rowsOf, sentenceOf, tableRows } from "../../tasks/program_tables/extract.ts";

Deno.test("rust_enum: positional and explicit discriminants, names worded when the source has no message", () => {
  // project-serum/serum-dex dex/src/error.rs (DexErrorCode), abridged.
  const serum = `
#[derive(Debug, IntoPrimitive, FromPrimitive, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum DexErrorCode {
    InvalidMarketFlags = 0,
    InvalidAskFlags,

    RequestQueueEmpty = 30,
    EventQueueTooSmall,
    SlabTooSmall,
    BadVaultSignerNonce,
    InsufficientFunds,
    // a comment between variants
    Unknown = 1000,
}`;
  assert.deepEqual(rowsOf(serum, { kind: "rust_enum", enumName: "DexErrorCode" }), [
    [0, "InvalidMarketFlags", "Invalid market flags"],
    [1, "InvalidAskFlags", "Invalid ask flags"],
    [30, "RequestQueueEmpty", "Request queue empty"],
    [31, "EventQueueTooSmall", "Event queue too small"],
    [32, "SlabTooSmall", "Slab too small"],
    [33, "BadVaultSignerNonce", "Bad vault signer nonce"],
    [34, "InsufficientFunds", "Insufficient funds"],
    [1000, "Unknown", "Unknown"],
  ]);
});

Deno.test("rust_enum: #[error] attributes and Display arms give the messages", () => {
  // solana-labs/solana-program-library governance/program/src/error.rs, abridged.
  const governance = `pub enum GovernanceError {
    /// Invalid instruction passed to program
    #[error("Invalid instruction passed to program")]
    InvalidInstruction = 500,

    /// Realm with the given name and governing mints already exists
    #[error("Realm with the given name and governing mints already exists")]
    RealmAlreadyExists,
}`;
  assert.deepEqual(rowsOf(governance, { kind: "rust_enum", enumName: "GovernanceError" }), [
    [500, "InvalidInstruction", "Invalid instruction passed to program"],
    [501, "RealmAlreadyExists", "Realm with the given name and governing mints already exists"],
  ]);
  // anza-xyz/solana-sdk vote-interface/src/error.rs, abridged.
  const vote = `pub enum VoteError {
    VoteTooOld,
    SlotsMismatch,
    LockoutConflict,
}
impl fmt::Display for VoteError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Self::VoteTooOld => "vote already recorded or not in slot hashes history",
            Self::SlotsMismatch => "vote slots do not match bank history",
            Self::LockoutConflict => {
                "Old state had vote which should not have been popped off by vote in new state"
            }
        })
    }
}`;
  assert.deepEqual(
    rowsOf(vote, { kind: "rust_enum", enumName: "VoteError" }).map(([code, , message]) => [code, message]),
    [
      [0, "vote already recorded or not in slot hashes history"],
      [1, "vote slots do not match bank history"],
      [2, "Old state had vote which should not have been popped off by vote in new state"],
    ],
  );
});

Deno.test("codama: constants as var or exports, minified numbers, messages by constant", () => {
  // @orca-so/whirlpools-client dist/index.cjs and @kamino-finance/farms-sdk farms.js, abridged.
  const text = `var WHIRLPOOL_ERROR__INVALID_ENUM = 6e3;
exports.WHIRLPOOL_ERROR__INVALID_START_TICK = 0x1771; // 6001
  [WHIRLPOOL_ERROR__INVALID_ENUM]: \`Enum value could not be converted\`,`;
  assert.deepEqual(rowsOf(text, { kind: "codama", prefix: "WHIRLPOOL_ERROR__" }), [
    [6000, "InvalidEnum", "Enum value could not be converted"],
    [6001, "InvalidStartTick", "InvalidStartTick"],
  ]);
});

Deno.test("error_classes: Solita and Umi classes registered by code", () => {
  // @ellipsis-labs/phoenix-sdk src/errors/index.ts (Solita), abridged.
  const solita = `
export class InvalidMarketParametersError extends Error {
  readonly code: number = 0x0;
  readonly name: string = "InvalidMarketParameters";
  constructor() {
    super("Invalid market parameters error");
  }
}

createErrorFromCodeLookup.set(0x0, () => new InvalidMarketParametersError());`;
  assert.deepEqual(rowsOf(solita, { kind: "error_classes" }), [
    [0, "InvalidMarketParameters", "Invalid market parameters error"],
  ]);
});

Deno.test("anchor_client_gen and anchor_js (including .d.ts literals and bundles of several IDLs)", () => {
  // @kamino-finance/kliquidity-sdk dist/@codegen/kliquidity/errors/custom.js, abridged.
  const kamino = `
class IntegerOverflow extends Error {
    logs;
    static code = 6000;
    code = 6000;
    name = "IntegerOverflow";
    msg = "Integer overflow";
}`;
  assert.deepEqual(rowsOf(kamino, { kind: "anchor_client_gen" }), [[
    6000,
    "IntegerOverflow",
    "Integer overflow",
  ]]);
  // @helium/idls lib/types/data_credits.d.ts, abridged.
  const dts = `"errors": [
        {
            "code": 6000;
            "name": "bumpNotAvailable";
            "msg": "Bump couldn't be found";
        }
    ];`;
  assert.deepEqual(rowsOf(dts, { kind: "anchor_js" }), [[
    6000,
    "bumpNotAvailable",
    "Bump couldn't be found",
  ]]);
  const bundle = `{address: "AAA", errors: [{code: 6000, name: "A", msg: "first [x]"}]}
{address: "BBB", errors: [{code: 6000, name: "B", msg: "second"}]}`;
  assert.throws(() => rowsOf(bundle, { kind: "anchor_js" }), /2 error arrays/);
  assert.deepEqual(rowsOf(bundle, { kind: "anchor_js", scope: "BBB" }), [[6000, "B", "second"]]);
  assert.deepEqual(rowsOf(bundle, { kind: "anchor_js", scope: "AAA" }), [[6000, "A", "first [x]"]]);
});

Deno.test("tableRows keeps the first row of a code, sorts, and words an empty message", () => {
  const json = JSON.stringify({
    errors: [{ code: 6001, name: "Later", msg: "" }, { code: 6000, name: "First" }, {
      code: 6001,
      name: "Again",
    }],
  });
  assert.deepEqual(tableRows(json, { kind: "anchor_json" }), [[6000, "First", "First"], [
    6001,
    "Later",
    "Later",
  ]]);
  assert.equal(sentenceOf("TooManyOpenOrders"), "Too many open orders");
});
