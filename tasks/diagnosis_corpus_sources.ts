/**
 * Where the transaction-diagnosis evaluation corpus comes from: the public
 * repositories and files of recorded mainnet data that
 * `extract_diagnosis_corpus.ts` reads, and which of them were added after the
 * first held-out split was fixed.
 *
 * @module
 */

/** One file of recorded data in a public repository, and how it holds its responses. */
export interface Source {
  repo: string;
  path: string;
  /** How the file holds its responses. */
  kind: "json" | "java_text_blocks" | "ts_object" | "storage_block" | "json_block";
}

/**
 * Whole mainnet blocks, the richest source of failures: two of April 2025 in
 * the ledger-storage protobuf form, and one of March 2024 (slot 254170887,
 * legacy and v0 transactions, lookup tables and compute-budget use) kept as a
 * `getBlock` result with base64 transactions by an indexer's tests.
 */
export const BLOCKS: Source[] = [
  ...["332254855", "332254908"].map((slot): Source => ({
    repo: "fanatid/solana-block-tx-decode",
    path: `blocks/${slot}`,
    kind: "storage_block",
  })),
  {
    repo: "helius-labs/photon",
    path: "tests/data/blocks/index_block_metadata/254170887",
    kind: "json_block",
  },
  ...["18144001", "43200000", "64800004"].map((slot): Source => ({
    repo: "rpcpool/yellowstone-grpc",
    path: `yellowstone-grpc-geyser/fixtures/blocks/${slot}.bincode`,
    kind: "storage_block",
  })),
];

/**
 * Sources added after the first split was fixed: their cases are held out by
 * the expert sample's hash rule (`isHeldOut` in `make_expert_labels.ts`), so that adding them
 * moves no earlier case between the parts.
 */
export const LATER_SOURCES = new Set(["helius-labs/photon", "rpcpool/yellowstone-grpc"]);

/** Files of recorded responses (`getBlock` and `getTransaction` results kept as test fixtures). */
export const SOURCES: Source[] = [
  { repo: "coinbase/chainstorage", path: "internal/utils/fixtures/client/solana/block.json", kind: "json" },
  {
    repo: "coinbase/chainstorage",
    path: "internal/utils/fixtures/client/solana/block_v2.json",
    kind: "json",
  },
  { repo: "coinbase/chainstorage", path: "internal/utils/fixtures/parser/solana/block.json", kind: "json" },
  {
    repo: "coinbase/chainstorage",
    path: "internal/utils/fixtures/parser/solana/block_241043141_v2.json",
    kind: "json",
  },
  {
    repo: "coinbase/chainstorage",
    path: "internal/utils/fixtures/parser/solana/block_account_deletion.json",
    kind: "json",
  },
  { repo: "kevinheavey/solders", path: "tests/data/get_block_json_encoding.json", kind: "json" },
  {
    repo: "sava-software/sava",
    path: "sava-rpc/src/test/java/software/sava/rpc/json/http/client/ParseTransactionErrorTests.java",
    kind: "java_text_blocks",
  },
  {
    repo: "sava-software/sava",
    path: "sava-rpc/src/test/java/software/sava/rpc/json/http/client/ParseTXTests.java",
    kind: "java_text_blocks",
  },
  ...[
    "failed-swap",
    "swap-failed-transaction",
    "swap-a16z-usdt-sol",
    "swap-sol-to-obric",
    "swap-sol-to-sahur",
    "swap-sol-to-usdc",
    "swap-trump-to-jup",
    "swap-usdc-to-cobie",
    "swap-usdc-to-jup",
    "send-jup-transfer-checked-to-self",
    "send-spl-token-and-create-token-account",
    "native-sol-transfer",
  ].map((name): Source => ({
    repo: "MetaMask/snap-solana-wallet",
    path: `packages/snap/src/core/test/mocks/transactions-data/${name}.ts`,
    kind: "ts_object",
  })),
];
