/**
 * A drawn rule's box, apart from the grid code (`rulings.ts`) so that the
 * modules that part and join grids can name it without importing the code
 * that calls them.
 *
 * @module
 */

/** A drawn rule's box in top-down page coordinates. */
export interface Rule {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
