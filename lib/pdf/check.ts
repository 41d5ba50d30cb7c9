/**
 * The checks a PDF upload passes before it is paid for and before pdf.js
 * sees it: not empty, within the size cap, a `%PDF-` header near the start.
 * Kept apart from the loader so a route can refuse bad input without loading
 * it (the loader, the cost guard and the page-shape hints come with the
 * first conversion, in the thread that converts).
 *
 * @module
 */
import { InvalidInputError, PayloadTooLargeError } from "../shared/errors.ts";

/** Limits checked while opening. */
export interface OpenLimits {
  /** Largest accepted file in bytes. */
  maxBytes: number;
}

/** How many bytes from the start may precede the `%PDF-` header. */
const HEADER_WINDOW = 1024;

/** True when `%PDF-` appears near the start, as readers require. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, Math.min(bytes.length, HEADER_WINDOW + 5));
  const header = [0x25, 0x50, 0x44, 0x46, 0x2d];
  outer: for (let i = 0; i + header.length <= window.length; i++) {
    for (let j = 0; j < header.length; j++) {
      if (window[i + j] !== header[j]) continue outer;
    }
    return true;
  }
  return false;
}

/** Formats a byte count as MB with one decimal. */
function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Checks what can be checked without parsing: not empty, within the size cap,
 * and a `%PDF-` header near the start.
 *
 * @throws {PayloadTooLargeError} Over the size cap.
 * @throws {InvalidInputError} Empty or not a PDF.
 */
export function checkPdfBytes(bytes: Uint8Array, limits: OpenLimits): void {
  if (bytes.length === 0) throw new InvalidInputError("Empty PDF: the request carried no bytes");
  if (bytes.length > limits.maxBytes) {
    throw new PayloadTooLargeError(
      `PDF too large: ${megabytes(bytes.length)} is over the ${megabytes(limits.maxBytes)} limit`,
    );
  }
  if (!hasPdfHeader(bytes)) {
    throw new InvalidInputError('Not a PDF: the file does not start with "%PDF-"');
  }
}
