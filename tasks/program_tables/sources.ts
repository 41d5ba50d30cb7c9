/**
 * Where the generated error tables come from: one line per program, naming
 * the published file that declares its errors (an IDL, a generated client's
 * error module, or the program's Rust error enum) by package and version or
 * by repository and commit. The generator checks that each source mentions
 * the program id it is listed under before it reads a single error.
 *
 * A data file: the list is long because the knowledge is wide.
 *
 * @module
 */
import type { ExtractOptions, Kind } from "./extract.ts";

/** A file that declares a program's errors. */
export interface ErrorSource extends ExtractOptions {
  /** `npm:<package>@<version>` or `github:<owner>/<repo>@<commit>`. */
  origin: string;
  /** The file inside the package or repository. */
  file: string;
  program: string;
  name: string;
  /** Whether the program is built with Anchor (codes 100–5999 are then Anchor's); by default judged from the kind and codes. */
  anchor?: boolean;
}

/** A program name whose id is confirmed by a package or a decoder, for programs without a table. */
export interface NameSource {
  /** The id, checked against the npm package; read from the decoder for `carbon:` sources. */
  program?: string;
  name: string;
  /** An npm package (`name@version`) or `carbon:<decoder dir>`, where the id is read. */
  from: string;
}

type Extra = Partial<Pick<ErrorSource, "prefix" | "enumName" | "scope" | "anchor">>;

/** A maker of sources at one kind of origin: `npm` (`<package>@<version>`) or `github` (`<owner>/<repo>@<commit>`). */
function at(scheme: "npm" | "github") {
  return (
    spec: string,
    file: string,
    kind: Kind,
    program: string,
    name: string,
    extra: Extra = {},
  ): ErrorSource => ({
    origin: `${scheme}:${spec}`,
    file,
    kind,
    program,
    name,
    ...extra,
  });
}

const npm = at("npm");
const github = at("github");

const SERUM_DEX = "project-serum/serum-dex@92992b308885f5323b3f51eb1a0c899e35c62cb3";
/** The last commit whose README names the v2 program, before the program id moved to v3. */
const SERUM_DEX_V2 = "project-serum/serum-dex@480cfefdbd7789c1fa2ac4474c6456b507f9a78f";
const OPENBOOK_V1 = "openbook-dex/program@c85e56deeaead43abbc33b7301058838b9c5136d";
const SOLANA_SDK = "anza-xyz/solana-sdk@122f32e571ce39face4beffaccea733e37c207fd";
const SOLEND = "solendprotocol/solana-program-library@9ffd16ddf0047bb0e500c1bb1b3cb66725581546";
const SPL = "solana-labs/solana-program-library@264ca72de06b0c2b45c0b15d298000fe3f82db2e";
const PHOENIX = "Ellipsis-Labs/phoenix-v1@dac82fef2b8862be04fa6710386f3e7485a31a48";

/** Error tables, by source. */
export const ERROR_SOURCES: ErrorSource[] = [
  npm(
    "@drift-labs/sdk@2.145.0",
    "src/idl/drift.json",
    "anchor_json",
    "dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH",
    "Drift Protocol v2",
  ),
  npm(
    "@drift-labs/sdk@2.145.0",
    "src/idl/switchboard_on_demand_30.json",
    "anchor_json",
    "SBondMDrcV3K4kxZR1HNVT7osZxAHVHgYXL5Ze1oMUv",
    "Switchboard On-Demand",
  ),
  npm(
    "@mrgnlabs/marginfi-client-v2@6.4.1",
    "src/idl/marginfi_0.1.7.json",
    "anchor_json",
    "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
    "MarginFi v2",
  ),
  npm(
    "@mrgnlabs/marginfi-client-v2@6.4.1",
    "src/vendor/pyth_crank/idl/receiver_program.json",
    "anchor_json",
    "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ",
    "Pyth Solana Receiver",
  ),
  npm(
    "@mrgnlabs/marginfi-client-v2@6.4.1",
    "src/vendor/pyth_crank/idl/pyth_push_oracle-new.json",
    "anchor_json",
    "pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT",
    "Pyth Push Oracle",
  ),
  npm(
    "@mrgnlabs/marginfi-client-v2@6.4.1",
    "src/vendor/pyth_crank/idl/pyth_wormhole.json",
    "anchor_json",
    "HDwcJBJXjL9FpJ7UBsYBtaDjsBUhuLCUYoz3zr8SWWaQ",
    "Wormhole Receiver (Pyth)",
  ),
  npm(
    "@pump-fun/pump-sdk@2.0.0",
    "src/idl/pump.json",
    "anchor_json",
    "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P",
    "Pump.fun",
  ),
  npm(
    "@pump-fun/pump-sdk@2.0.0",
    "src/idl/pump_amm.json",
    "anchor_json",
    "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA",
    "PumpSwap AMM",
  ),
  npm(
    "@pump-fun/pump-sdk@2.0.0",
    "src/idl/pump_fees.json",
    "anchor_json",
    "pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ",
    "Pump Fees",
  ),
  npm(
    "@sqds/multisig@2.1.4",
    "idl/squads_multisig_program.json",
    "anchor_json",
    "SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf",
    "Squads Multisig v4",
  ),
  npm(
    "@openbook-dex/openbook-v2@0.2.10",
    "dist/cjs/openbook_v2.js",
    "anchor_js",
    "opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb",
    "OpenBook v2",
  ),
  npm(
    "@marinade.finance/marinade-ts-sdk@6.0.0",
    "dist/src/programs/idl/types/marinade_finance.js",
    "anchor_js",
    "MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD",
    "Marinade Finance",
  ),
  npm(
    "@meteora-ag/dynamic-amm-sdk@1.4.1",
    "dist/cjs/src/amm/idl.js",
    "anchor_js",
    "Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB",
    "Meteora Pools (Dynamic AMM)",
  ),
  npm(
    "@meteora-ag/dlmm@1.9.14",
    "dist/index.js",
    "anchor_js",
    "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo",
    "Meteora DLMM",
  ),
  npm(
    "@meteora-ag/cp-amm-sdk@1.5.0",
    "dist/index.js",
    "anchor_js",
    "cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG",
    "Meteora DAMM v2",
  ),
  npm(
    "@jup-ag/limit-order-sdk@0.1.10",
    "dist/index.js",
    "anchor_js",
    "jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu",
    "Jupiter Limit Order",
  ),
  npm(
    "@jup-ag/dca-sdk@3.0.1",
    "dist/index.js",
    "anchor_js",
    "DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M",
    "Jupiter DCA",
  ),
  npm(
    "@orca-so/whirlpools-client@7.0.0",
    "dist/index.cjs",
    "codama",
    "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc",
    "Orca Whirlpool",
    { prefix: "WHIRLPOOL_ERROR__" },
  ),
  npm(
    "@metaplex-foundation/mpl-core@1.10.0",
    "dist/src/generated/errors/mplCore.js",
    "error_classes",
    "CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d",
    "Metaplex Core",
  ),
  npm(
    "@metaplex-foundation/mpl-bubblegum@5.1.0",
    "dist/src/generated/errors/mplBubblegum.js",
    "error_classes",
    "BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY",
    "Metaplex Bubblegum",
  ),
  npm(
    "@metaplex-foundation/mpl-token-metadata@3.4.0",
    "dist/src/generated/errors/mplTokenMetadata.js",
    "error_classes",
    "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s",
    "Metaplex Token Metadata",
  ), // Order books.
  github(
    SERUM_DEX,
    "dex/src/error.rs",
    "rust_enum",
    "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    "Serum DEX v3",
    { enumName: "DexErrorCode" },
  ),
  github(
    SERUM_DEX_V2,
    "dex/src/error.rs",
    "rust_enum",
    "EUqojwWA2rd19FZrzeBncJsm38Jm1hEhE3zsmX3bRc2o",
    "Serum DEX v2",
    { enumName: "DexErrorCode" },
  ),
  github(
    OPENBOOK_V1,
    "dex/src/error.rs",
    "rust_enum",
    "srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX",
    "OpenBook v1 (Serum fork)",
    { enumName: "DexErrorCode" },
  ),
  github(
    PHOENIX,
    "idl/phoenix_v1.json",
    "anchor_json",
    "PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY",
    "Phoenix",
    { anchor: false },
  ),
  // Native programs.
  github(
    SOLANA_SDK,
    "vote-interface/src/error.rs",
    "rust_enum",
    "Vote111111111111111111111111111111111111111",
    "Vote Program",
    { enumName: "VoteError" },
  ),
  npm(
    "@solana-program/stake@0.9.1",
    "dist/src/index.js",
    "codama",
    "Stake11111111111111111111111111111111111111",
    "Stake Program",
    { prefix: "STAKE_ERROR__", anchor: false },
  ),
  npm(
    "@solana-program/system@0.14.1",
    "dist/src/index.js",
    "codama",
    "11111111111111111111111111111111",
    "System Program",
    { prefix: "SYSTEM_ERROR__", anchor: false },
  ),
  npm(
    "@solana-program/token@0.16.1",
    "dist/src/index.js",
    "codama",
    "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
    "SPL Token",
    { prefix: "TOKEN_ERROR__", anchor: false },
  ),
  npm(
    "@solana-program/token@0.16.1",
    "dist/src/index.js",
    "codama",
    "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
    "Associated Token Account",
    { prefix: "ASSOCIATED_TOKEN_ERROR__", anchor: false },
  ),
  npm(
    "@solana-program/token-2022@0.15.0",
    "dist/src/index.js",
    "codama",
    "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
    "SPL Token-2022",
    { prefix: "TOKEN_2022_ERROR__", anchor: false },
  ),
  npm(
    "@solana-program/program-metadata@0.7.0",
    "dist/src/index.js",
    "codama",
    "ProgM6JCCvbYkfKqJYHePx4xxSUSqJp7rh8Lyv7nk7S",
    "Program Metadata",
    { prefix: "PROGRAM_METADATA_ERROR__", anchor: false },
  ),
  // SPL programs.
  github(
    SPL,
    "governance/program/src/error.rs",
    "rust_enum",
    "GovER5Lthms3bLBqWub97yVrMmEogzX7xNjdXpPPCVZw",
    "SPL Governance",
    { enumName: "GovernanceError" },
  ),
  github(
    SPL,
    "token-swap/program/src/error.rs",
    "rust_enum",
    "SwaPpA9LAaLfeLi3a68M4DjnLqgtticKg6CnyNwgAC8",
    "SPL Token Swap",
    { enumName: "SwapError" },
  ),
  github(
    SPL,
    "name-service/program/src/error.rs",
    "rust_enum",
    "namesLPneVptA9Z5rqUDD9tMTWEJwofgaYwp8cawRkX",
    "SPL Name Service",
    { enumName: "NameServiceError" },
  ),
  github(
    SPL,
    "token-lending/program/src/error.rs",
    "rust_enum",
    "LendZqTs7gn5CTSJU1jWKhKuVpjJGom45nnwPb2AMTi",
    "SPL Token Lending",
    { enumName: "LendingError" },
  ),
  npm(
    "@solana/spl-account-compression@0.4.1",
    "idl/spl_account_compression.json",
    "anchor_json",
    "cmtDvXumGCrqC1Age74AVPhSRVXJMd8PJS91L8KbNCK",
    "SPL Account Compression",
  ),
  // Lending.
  github(
    SOLEND,
    "token-lending/sdk/src/error.rs",
    "rust_enum",
    "So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo",
    "Solend (Save)",
    { enumName: "LendingError" },
  ),
  npm(
    "@kamino-finance/klend-sdk@8.0.2",
    "dist/idl/klend.json",
    "anchor_json",
    "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD",
    "Kamino Lending",
  ),
  npm(
    "@kamino-finance/klend-sdk@8.0.2",
    "dist/idl/kvault.json",
    "anchor_json",
    "KvauGMspG5k6rtzrqqn7WNn3oZdyKqLKwK2XWQ8FLjd",
    "Kamino Vault",
  ),
  npm(
    "@kamino-finance/kliquidity-sdk@8.5.10",
    "dist/@codegen/kliquidity/errors/custom.js",
    "anchor_client_gen",
    "6LtLpnUFNByNXLyCoK9wA2MykKAmQNZKBdY8s47dehDc",
    "Kamino Liquidity",
  ),
  npm(
    "@kamino-finance/farms-sdk@4.0.1",
    "dist/@codegen/farms/errors/farms.js",
    "codama",
    "FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr",
    "Kamino Farms",
    { prefix: "FARMS_ERROR__" },
  ),
  npm(
    "@kamino-finance/limo-sdk@3.1.0",
    "dist/rpc_client/generated/errors/limo.js",
    "codama",
    "LiMoM9rMhrdYrfzUCxQppvxCSG1FcrUK9G8uLq4A1GF",
    "Kamino Limit Order",
    { prefix: "LIMO_ERROR__" },
  ),
  npm(
    "@kamino-finance/scope-sdk@10.2.6",
    "dist/@codegen/scope/errors/custom.js",
    "anchor_client_gen",
    "HFn8GnPADiny6XqUoWE8uRPPxb29ikn4yTuPa9MF2fWJ",
    "Kamino Scope Oracle",
  ),
  npm(
    "@blockworks-foundation/mango-v4@0.33.9",
    "dist/cjs/src/mango_v4.js",
    "anchor_js",
    "4MangoMjqJ2firMokCjjGgoK8d4MXcrgL7XJaL3w6fVg",
    "Mango v4",
  ),
  // Perpetuals.
  npm(
    "@kamino-finance/klend-sdk@8.0.2",
    "src/idl/jupiter_perps.json",
    "anchor_json",
    "PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu",
    "Jupiter Perpetuals",
  ),
  npm(
    "@drift-labs/vaults-sdk@0.6.29",
    "src/idl/drift_vaults.json",
    "anchor_json",
    "vAuLTsyrvSfZRuRB3XgvkPwNGgYSs9YRYymVebLKoxR",
    "Drift Vaults",
  ),
  npm(
    "@zetamarkets/sdk@1.64.2",
    "dist/idl/zeta.json",
    "anchor_json",
    "ZETAxsqBRek56DhiGXrn75yj2NHU3aYUnxvHXpkf3aD",
    "Zeta Markets",
  ),
  // Oracles.
  npm(
    "@switchboard-xyz/solana.js@3.2.5",
    "lib/generated/oracle-program/errors/custom.js",
    "anchor_client_gen",
    "SW1TCH7qEPTdLsDHRgPuMQjbQxKdH2aBStViMFnt64f",
    "Switchboard v2",
  ),
  npm(
    "@pythnetwork/staking-sdk@0.0.2",
    "dist/idl/staking.json",
    "anchor_json",
    "pytS9TjG1qyAZypk7n8rw8gfW9sUaqqYyMhJQ4E7JCQ",
    "Pyth Staking",
  ),
  npm(
    "@pythnetwork/staking-sdk@0.0.2",
    "dist/idl/integrity-pool.json",
    "anchor_json",
    "pyti8TM4zRVBjmarcgAPmTNNAXYKJv7WVHrkrm6woLN",
    "Pyth Integrity Pool",
  ),
  npm(
    "@pythnetwork/staking-sdk@0.0.2",
    "dist/idl/publisher-caps.json",
    "anchor_json",
    "pytcD8uUjPxSLMsNqoVnm9dXQw9tKJJf3CQnGwa8oL7",
    "Pyth Publisher Caps",
  ),
  // NFTs.
  npm(
    "@tensor-foundation/marketplace@0.5.0",
    "dist/src/index.js",
    "codama",
    "TCMPhJdwDryooaGtiocG1u3xcYbRpiJzb283XfCZsDp",
    "Tensor Marketplace",
    { prefix: "TENSOR_MARKETPLACE_ERROR__" },
  ),
  npm(
    "@tensor-foundation/amm@1.0.3",
    "dist/src/index.js",
    "codama",
    "TAMM6ub33ij1mbetoMyVBLeKY5iP41i4UPUJQGkhfsg",
    "Tensor AMM",
    { prefix: "TENSOR_AMM_ERROR__" },
  ),
  npm(
    "@tensor-oss/tensorswap-sdk@4.5.0",
    "dist/cjs/tensorswap/idl/tensorswap.js",
    "anchor_js",
    "TSWAPaqyCSx2KABk68Shruf4rp7CxcNi8hAsbdwmHbN",
    "Tensorswap",
  ),
  npm(
    "@tensor-oss/tensorswap-sdk@4.5.0",
    "dist/cjs/tensor_whitelist/idl/tensor_whitelist.js",
    "anchor_js",
    "TL1ST2iRBzuGTqLn1KXnGdSnEow62BzPnGiqyRXhWtW",
    "Tensor Whitelist",
  ),
  npm(
    "@magiceden-oss/open_creator_protocol@0.3.5",
    "idl/open_creator_protocol.json",
    "anchor_json",
    "ocp4vWUzA2z2XMYJ3QhM9vWdyoyoQwAFJhRdVTbvo9E",
    "Open Creator Protocol",
  ),
  npm(
    "@metaplex-foundation/mpl-auction-house@2.5.1",
    "dist/src/generated/errors/index.js",
    "error_classes",
    "hausS13jsjafwWwGqZTUQRmWyvyxn9EQpqMwV1PBBmk",
    "Metaplex Auction House",
  ),
  npm(
    "@metaplex-foundation/mpl-candy-machine@6.1.0",
    "dist/src/generated/errors/mplCandyGuard.js",
    "error_classes",
    "Guard1JwRhJkVH6XZhzoYxeBVQe872VH6QggF4BWmS9g",
    "Metaplex Candy Guard",
  ),
  npm(
    "@metaplex-foundation/mpl-candy-machine@6.1.0",
    "dist/src/generated/errors/mplCandyMachineCore.js",
    "error_classes",
    "CndyV3LdqHUfDLmE5naZjVN8rBZz4tqhdefbAnjHG3JR",
    "Metaplex Candy Machine v3",
  ),
  npm(
    "@metaplex-foundation/mpl-core-candy-machine@0.3.0",
    "dist/src/generated/errors/mplCoreCandyGuard.js",
    "error_classes",
    "CMAGAKJ67e9hRZgfC5SFTbZH8MgEmtqazKXjmkaJjWTJ",
    "Metaplex Core Candy Guard",
  ),
  npm(
    "@metaplex-foundation/mpl-core-candy-machine@0.3.0",
    "dist/src/generated/errors/mplCoreCandyMachineCore.js",
    "error_classes",
    "CMACYFENjoBMHzapRXyo1JZkVS6EtaDDzkjMrmQLvr4J",
    "Metaplex Core Candy Machine",
  ),
  npm(
    "@metaplex-foundation/mpl-token-auth-rules@3.0.3",
    "dist/src/generated/errors/mplTokenAuthRules.js",
    "error_classes",
    "auth9SigNpDKz4sJJ1DfCTuZrZNSAgh9sFD3rboVmgg",
    "Metaplex Token Auth Rules",
  ),
  npm(
    "@metaplex-foundation/mpl-hybrid@0.2.0",
    "dist/src/generated/errors/mplHybrid.js",
    "error_classes",
    "MPL4o4wMzndgh8T1NVDxELQCj5UQfYTYEkabX3wNKtb",
    "Metaplex Hybrid",
  ),
  npm(
    "@metaplex-foundation/mpl-distro@0.3.4",
    "dist/src/generated/errors/mplDistro.js",
    "error_classes",
    "D1STRoZTUiEa6r8TLg2aAbG4nSRT5cDBmgG7jDqCZvU8",
    "Metaplex Distro",
  ),
  npm(
    "@metaplex-foundation/mpl-account-compression@0.0.1",
    "dist/src/generated/errors/mplAccountCompression.js",
    "error_classes",
    "mcmt6YrQEMKw8Mw43FmpRLmf7BqRnFMKmAcbxE3xkAW",
    "Metaplex Account Compression",
  ),
  npm(
    "@metaplex-foundation/mpl-inscription@0.8.1",
    "dist/src/generated/errors/mplInscription.js",
    "error_classes",
    "1NSCRfGeyo7wPUazGbaPBUsTM49e1k2aXewHGARfzSo",
    "Metaplex Inscription",
  ),
  npm(
    "@metaplex-foundation/mpl-toolbox@0.11.5",
    "dist/src/generated/errors/mplSystemExtras.js",
    "error_classes",
    "SysExL2WDyJi9aRZrXorrjHJut3JwHQ7R9bTyctbNNG",
    "Metaplex System Extras",
  ),
  npm(
    "@metaplex-foundation/mpl-toolbox@0.11.5",
    "dist/src/generated/errors/mplTokenExtras.js",
    "error_classes",
    "TokExjvjJmhKaRBShsBAsbSvEWMA1AgUNK7ps4SAc2p",
    "Metaplex Token Extras",
  ),
  npm(
    "@metaplex-foundation/mpl-agent-registry@0.2.5",
    "dist/src/generated/identity/errors/mplAgentIdentity.js",
    "error_classes",
    "1DREGFgysWYxLnRnKQnwrxnJQeSMk2HmGaC6whw2B2p",
    "Metaplex Agent Identity",
  ),
  npm(
    "@metaplex-foundation/mpl-agent-registry@0.2.5",
    "dist/src/generated/tools/errors/mplAgentTools.js",
    "error_classes",
    "TLREGni9ZEyGC3vnPZtqUh95xQ8oPqJSvNjvB7FGK8S",
    "Metaplex Agent Tools",
  ),
  // Multisig and governance.
  npm(
    "@sqds/sdk@2.0.4",
    "lib/idl/squads_mpl.json",
    "anchor_json",
    "SMPLecH534NA9acpos4G6x7uf3LWbCAwZQE9e8ZekMu",
    "Squads Multisig v3",
  ),
  npm(
    "@sqds/mesh@1.0.6",
    "lib/mesh-idl/mesh.json",
    "anchor_json",
    "SMPLVC8MxZ5Bf5EfF7PaMiTCxoBAcmkbM2vkrvMK8ho",
    "Squads Mesh",
  ),
  npm(
    "@gokiprotocol/client@0.11.1",
    "dist/cjs/idls/smart_wallet.js",
    "anchor_js",
    "GokivDYuQXPZCWRkwMhdH2h91KpDQXBEmpgBgs55bnpH",
    "Goki Smart Wallet",
  ),
  npm(
    "@tribecahq/tribeca-sdk@0.5.8",
    "dist/cjs/idls/locked_voter.js",
    "anchor_js",
    "LocktDzaV1W2Bm9DeZeiyz4J9zs4fRqNiYqQyracRXw",
    "Tribeca Locked Voter",
  ),
  // Meteora.
  npm(
    "@meteora-ag/dynamic-bonding-curve-sdk@1.5.12",
    "dist/index.js",
    "anchor_js",
    "dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN",
    "Meteora Dynamic Bonding Curve",
    { scope: "dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN" },
  ),
  npm(
    "@meteora-ag/alpha-vault@1.1.16",
    "dist/index.js",
    "anchor_js",
    "vaU6kP7iNEGkbmPkLmZfGwiGxd4Mob24QQCie5R9kd2",
    "Meteora Alpha Vault",
    { scope: "vaU6kP7iNEGkbmPkLmZfGwiGxd4Mob24QQCie5R9kd2" },
  ),
  npm(
    "@meteora-ag/stake-for-fee@1.0.28",
    "dist/index.js",
    "anchor_js",
    "FEESngU3neckdwib9X3KWqdL7Mjmqk9XNp3uh5JbP4KP",
    "Meteora Stake for Fee (M3M3)",
    { scope: '"name": "stake_for_fee"' },
  ),
  npm(
    "@meteora-ag/vault-sdk@2.3.1",
    "dist/cjs/src/vault/idl.js",
    "anchor_js",
    "24Uqj9JCLxUeoC3hGfh5W3s9FM9uCHDS2SG3LYwBpyTi",
    "Meteora Vault",
  ),
  npm(
    "@meteora-ag/dynamic-fee-sharing-sdk@1.0.5",
    "dist/index.js",
    "anchor_js",
    "dfsdo2UqvwfN8DuUVrMRNfQe11VaiNoKcMqLHVvDPzh",
    "Meteora Dynamic Fee Sharing",
  ),
  npm(
    "@meteora-ag/merkle-distributor-sdk@1.0.1",
    "dist/index.js",
    "anchor_js",
    "DiSLRwcSFvtwvMWSs7ubBMvYRaYNYupa76ZSuYLe6D7j",
    "Meteora Merkle Distributor",
  ),
  npm(
    "@meteora-ag/met-lock-sdk@1.0.1",
    "dist/index.js",
    "anchor_js",
    "LocpQgucEQHbqNABEYvBvwoxCPsSbG91A1QaQhQQqjn",
    "Meteora Lock",
  ),
  npm(
    "@meteora-ag/zap-sdk@1.3.2",
    "dist/index.js",
    "anchor_js",
    "zapvX9M3uf5pvy4wRPAbQgdQsM1xmuiFnkfHKPvwMiz",
    "Meteora Zap",
  ),
  // Streamflow.
  npm(
    "@streamflow/stream@12.5.0",
    "dist/esm/solana/descriptor/idl/streamflow_aligned_unlocks.json",
    "anchor_json",
    "aSTRM2NKoKxNnkmLWk9sz3k74gKBk9t7bpPrTGxMszH",
    "Streamflow Aligned Unlocks",
  ),
  npm(
    "@streamflow/distributor@10.0.3",
    "dist/esm/solana/descriptor/idl/merkle_distributor.json",
    "anchor_json",
    "MErKy6nZVoVAkryxAejJz2juifQ4ArgLgHmaJCQkU7N",
    "Streamflow Distributor",
  ),
  npm(
    "@streamflow/distributor@10.0.3",
    "dist/esm/solana/descriptor/idl/aligned_distributor.json",
    "anchor_json",
    "aMERKpFAWoChCi5oZwPvgsSCoGpZKBiU7fi76bdZjt2",
    "Streamflow Aligned Distributor",
  ),
  npm(
    "@streamflow/staking@12.1.1",
    "dist/esm/solana/descriptor/idl/stake_pool.json",
    "anchor_json",
    "STAKEvGqQTtzJZH6BWDcbpzXXn2BBerPAgQ3EGLN2GH",
    "Streamflow Stake Pool",
  ),
  npm(
    "@streamflow/staking@12.1.1",
    "dist/esm/solana/descriptor/idl/reward_pool.json",
    "anchor_json",
    "RWRDdfRbi3339VgKxTAXg4cjyniF7cbhNbMxZWiSKmj",
    "Streamflow Reward Pool",
  ),
  npm(
    "@streamflow/staking@12.1.1",
    "dist/esm/solana/descriptor/idl/reward_pool_dynamic.json",
    "anchor_json",
    "RWRDyfZa6Rk9UYi85yjYYfGmoUqffLqjo6vZdFawEez",
    "Streamflow Dynamic Reward Pool",
  ),
  npm(
    "@streamflow/staking@12.1.1",
    "dist/esm/solana/descriptor/idl/governor.json",
    "anchor_json",
    "GVERNASJFxi8vjjJtwCKYQTeN51XsV1y2B1ap1GtKrKR",
    "Streamflow Governor",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/circuit_breaker.d.ts",
    "anchor_js",
    "circAbx64bbsscPbQzZAUvuXpHqrCe6fLMzc2uKXz9g",
    "Helium Circuit Breaker",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/data_credits.d.ts",
    "anchor_js",
    "credMBJhYFzfn7NxBMdU4aUqFggAjgztaCcv2Fo6fPT",
    "Helium Data Credits",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/dc_auto_top.d.ts",
    "anchor_js",
    "topqqzQZroCyRrgyM5zVq6xkFDVnfF13iixSjajydgU",
    "Helium DC Auto Top-up",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/fanout.d.ts",
    "anchor_js",
    "fanqeMu3fw8R4LwKNbahPtYXJsyLL6NXyfe2BqzhfB6",
    "Helium Fanout",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/helium_entity_manager.d.ts",
    "anchor_js",
    "hemjuPXBpNvggtaUnN1MwT3wrdhttKEfosTcc2P9Pg8",
    "Helium Entity Manager",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/helium_sub_daos.d.ts",
    "anchor_js",
    "hdaoVTCqhfHHo75XdAMxBKdUqvq1i5bF23sisBqVgGR",
    "Helium Sub-DAOs",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/hexboosting.d.ts",
    "anchor_js",
    "hexbnKYoA2GercNNhHUCCfrTRWrHjT6ujKPXTa5NPqJ",
    "Helium Hex Boosting",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/hpl_crons.d.ts",
    "anchor_js",
    "hcrLPFgFUY6sCUKzqLWxXx5bntDiDCrAZVcrXfx9AHu",
    "Helium Crons",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/lazy_distributor.d.ts",
    "anchor_js",
    "1azyuavdMyvsivtNxPoz6SucD18eDHeXzFCUPq5XU7w",
    "Helium Lazy Distributor",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/lazy_transactions.d.ts",
    "anchor_js",
    "1atrmQs3eq1N2FEYWu6tyTXbCjP4uQwExpjtnhXtS8h",
    "Helium Lazy Transactions",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/mini_fanout.d.ts",
    "anchor_js",
    "mfanLprNnaiP4RX9Zz1BMcDosYHCqnG24H1fMEbi9Gn",
    "Helium Mini Fanout",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/mobile_entity_manager.d.ts",
    "anchor_js",
    "memMa1HG4odAFmUbGWfPwS1WWfK95k99F2YTkGvyxZr",
    "Helium Mobile Entity Manager",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/price_oracle.d.ts",
    "anchor_js",
    "porcSnvH9pvcYPmQ65Y8qcZSRxQBiBBQX7UV5nmBegy",
    "Helium Price Oracle",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/treasury_management.d.ts",
    "anchor_js",
    "treaf4wWBBty3fHdyBpo35Mz84M8k3heKXmjmi9vFt5",
    "Helium Treasury Management",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/tuktuk_dca.d.ts",
    "anchor_js",
    "tdcam4m5U74pEZQrsQ7fVAav4AUXXc6z8fkhvExfRVN",
    "Helium TukTuk DCA",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/voter_stake_registry.d.ts",
    "anchor_js",
    "hvsrNC3NKbcryqDs2DocYHZ9yPKEVzdSjQG6RVtK1s8",
    "Helium Voter Stake Registry",
  ),
  npm(
    "@helium/idls@0.11.27",
    "lib/types/welcome_pack.d.ts",
    "anchor_js",
    "we1cGnTxTkDP9Sk49dw1d3T7ik7V2NfnY4qDGCDHXfC",
    "Helium Welcome Pack",
  ),
];

/** Further program names, for programs without an error table. */
export const NAME_SOURCES: NameSource[] = [
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
