/**
 * A page's allowance for looking for aligned tables (`tables.ts`). The search
 * starts again from every line that could open a table and reads up to 400
 * rows from each, so a page of many short pieces stacked close together
 * (tens of thousands of one-letter text items, each row a candidate the
 * plausibility checks turn down) read the square of its rows: minutes for
 * one page. Each row read spends its cells from the page's allowance; once it
 * is spent, far past what any page of text or tables spends, no further
 * table is looked for on that page and its lines are read as text.
 *
 * @module
 */

/** Cells the table search may read on one page. */
export const PAGE_TABLE_CELLS = 250_000;

/** What is left of one page's allowance. */
export class TableSearchBudget {
  #left: number;

  /** An allowance of `cells` cells read. */
  constructor(cells: number = PAGE_TABLE_CELLS) {
    this.#left = cells;
  }

  /** Spends `cells`; false when the allowance does not cover them. */
  spend(cells: number): boolean {
    this.#left -= cells;
    return this.#left >= 0;
  }

  /** True once the allowance is spent. */
  get spent(): boolean {
    return this.#left < 0;
  }
}
