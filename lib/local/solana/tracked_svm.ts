/**
 * LiteSVM that counts the changes made to it: every call that can change
 * accounts, sysvars or how transactions run bumps {@linkcode TrackedLiteSvm.version},
 * whoever makes it (the chain, the faucet, a test planting a program). What
 * is remembered about the chain's state (a simulation's answer, a program's
 * data size) is valid only at the version it was read at.
 *
 * Toggling signature verification does not count: the chain switches it off
 * around a simulation whose signatures it checked itself. Calls that only set
 * sysvars (the clock, a slot, a blockhash) change
 * {@linkcode TrackedLiteSvm.version} but not
 * {@linkcode TrackedLiteSvm.accountsVersion}.
 *
 * Account and balance reads give what LiteSVM's give, converting addresses
 * through remembered bytes (`address_bytes.ts`) instead of kit's base58
 * arithmetic each time: on a payment those conversions cost twenty times the
 * read itself.
 *
 * @module
 */
import { LiteSVM } from "litesvm";
import type {
  Clock,
  ComputeBudget,
  EpochRewards,
  EpochSchedule,
  FailedTransactionMetadata,
  FeatureSet,
  Rent,
  SimulatedTransactionInfo,
  SlotHash,
  SlotHistory,
  StakeHistory,
  TransactionMetadata,
} from "litesvm";
import { lamports } from "@solana/kit";
import type { Address, EncodedAccount, Lamports, MaybeEncodedAccount, Transaction } from "@solana/kit";
import { addressBytes, addressOf } from "./address_bytes.ts";

/** An account as LiteSVM's native binding returns it. */
interface NativeAccount {
  lamports(): bigint;
  data(): Uint8Array;
  owner(): Uint8Array;
  executable(): boolean;
}

/** What a successful simulation left, as LiteSVM's native binding returns it. */
interface NativeSimulation {
  postAccounts(): { address: Uint8Array; account(): NativeAccount }[];
}

/** The reads of LiteSVM's native binding (the wrapper's private `inner`), which take address bytes. */
interface NativeReads {
  getAccount(address: Uint8Array): NativeAccount | null;
  getBalance(address: Uint8Array): bigint | null;
}

/** `account` at `address` as LiteSVM's wrapper gives it. */
function encodedAccount(
  address: Address,
  account: NativeAccount,
): EncodedAccount & { readonly data: Uint8Array } {
  const data = account.data();
  return {
    address,
    executable: account.executable(),
    lamports: lamports(account.lamports()),
    programAddress: addressOf(account.owner()),
    space: BigInt(data.length),
    data,
  };
}

/** LiteSVM with a version that changes with its state. */
export class TrackedLiteSvm extends LiteSVM {
  #version = 0;
  #accountsVersion = 0;

  /** Changes whenever the state may have. */
  get version(): number {
    return this.#version;
  }

  /** Changes whenever an account other than a sysvar may have been written. */
  get accountsVersion(): number {
    return this.#accountsVersion;
  }

  /** LiteSVM's native binding, for reads by address bytes. */
  get #native(): NativeReads {
    return (this as unknown as { inner: NativeReads }).inner;
  }

  override getAccount(address: Address): MaybeEncodedAccount {
    const account = this.#native.getAccount(addressBytes(address));
    return account === null
      ? { exists: false, address }
      : { exists: true, ...encodedAccount(address, account) };
  }

  /** The accounts `simulation` left, as its own `postAccounts()` gives them. */
  postAccounts(simulation: SimulatedTransactionInfo): EncodedAccount[] {
    const native = (simulation as unknown as { inner: NativeSimulation }).inner;
    return native.postAccounts().map((entry) => encodedAccount(addressOf(entry.address), entry.account()));
  }

  override getBalance(address: Address): Lamports | null {
    const balance = this.#native.getBalance(addressBytes(address));
    return balance === null ? null : lamports(balance);
  }

  #changed<T>(result: T): T {
    this.#version++;
    this.#accountsVersion++;
    return result;
  }

  #sysvarsChanged<T>(result: T): T {
    this.#version++;
    return result;
  }

  override withComputeBudget(budget: ComputeBudget): LiteSVM {
    return this.#changed(super.withComputeBudget(budget));
  }
  override withBlockhashCheck(check: boolean): LiteSVM {
    return this.#changed(super.withBlockhashCheck(check));
  }
  override withSysvars(): LiteSVM {
    return this.#changed(super.withSysvars());
  }
  override withFeatureSet(featureSet: FeatureSet): LiteSVM {
    return this.#changed(super.withFeatureSet(featureSet));
  }
  override withBuiltins(): LiteSVM {
    return this.#changed(super.withBuiltins());
  }
  override withLamports(lamports: bigint): LiteSVM {
    return this.#changed(super.withLamports(lamports));
  }
  override withDefaultPrograms(): LiteSVM {
    return this.#changed(super.withDefaultPrograms());
  }
  override withNativeMints(): LiteSVM {
    return this.#changed(super.withNativeMints());
  }
  override withTransactionHistory(capacity: bigint): LiteSVM {
    return this.#changed(super.withTransactionHistory(capacity));
  }
  override withLogBytesLimit(limit?: bigint): LiteSVM {
    return this.#changed(super.withLogBytesLimit(limit));
  }
  override withPrecompiles(): LiteSVM {
    return this.#changed(super.withPrecompiles());
  }
  override setAccount(account: EncodedAccount): void {
    this.#changed(super.setAccount(account));
  }
  override airdrop(
    address: Address,
    lamports: Lamports,
  ): TransactionMetadata | FailedTransactionMetadata | null {
    return this.#changed(super.airdrop(address, lamports));
  }
  override addProgramFromFile(programId: Address, path: string): void {
    this.#changed(super.addProgramFromFile(programId, path));
  }
  override addProgram(programId: Address, programBytes: Uint8Array): void {
    this.#changed(super.addProgram(programId, programBytes));
  }
  override addProgramWithLoader(programId: Address, programBytes: Uint8Array, loaderId: Address): void {
    this.#changed(super.addProgramWithLoader(programId, programBytes, loaderId));
  }
  override sendTransaction(tx: Transaction): TransactionMetadata | FailedTransactionMetadata {
    return this.#changed(super.sendTransaction(tx));
  }
  override expireBlockhash(): void {
    this.#sysvarsChanged(super.expireBlockhash());
  }
  override warpToSlot(slot: bigint): void {
    this.#sysvarsChanged(super.warpToSlot(slot));
  }
  override setClock(clock: Clock): void {
    this.#sysvarsChanged(super.setClock(clock));
  }
  override setEpochRewards(rewards: EpochRewards): void {
    this.#sysvarsChanged(super.setEpochRewards(rewards));
  }
  override setEpochSchedule(schedule: EpochSchedule): void {
    this.#sysvarsChanged(super.setEpochSchedule(schedule));
  }
  override setLastRestartSlot(slot: bigint): void {
    this.#sysvarsChanged(super.setLastRestartSlot(slot));
  }
  override setRent(rent: Rent): void {
    this.#sysvarsChanged(super.setRent(rent));
  }
  override setSlotHashes(hashes: SlotHash[]): void {
    this.#sysvarsChanged(super.setSlotHashes(hashes));
  }
  override setSlotHistory(history: SlotHistory): void {
    this.#sysvarsChanged(super.setSlotHistory(history));
  }
  override setStakeHistory(history: StakeHistory): void {
    this.#sysvarsChanged(super.setStakeHistory(history));
  }
}
