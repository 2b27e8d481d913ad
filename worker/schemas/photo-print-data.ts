/**
 * Reviewed numbers of the duplicate-photo print's last check (decision 012, "Telling an edit from
 * another photo of the same thing"). Plain data, no imports. Change them here, in
 * worker/schemas/photo-print-data.test.ts, and re-run `npm run bench:phash` (it prints both sides of
 * the calibration: the edits that must pass and the distinct demo photos that must not).
 */

/**
 * Side of the fine greyscale thumbnail kept in each photo's print (the trimmed frame, fineSide² bytes).
 * The 32 × 32 thumbnail that finds and aligns a copy cannot tell a 10 % crop of a photo from another
 * photo of the same object placed a little differently: both correlate ~0.95–0.99 once aligned. At
 * 64 × 64 a cell is ~1.5 % of the side, fine enough that an edge of the picture (a table's edge, the
 * horizon, the outline of the object) which sits a percent or two elsewhere in the other photo no
 * longer lines up, while a true crop, resize or re-save keeps every edge where it was. 4 KB per
 * photo; 96 or 128 would cost 9–16 KB per stored photo and more work per comparison for edges that
 * JPEG compression at the copy's quality smears anyway.
 */
export const FINE_PRINT_SIDE = 64;

/**
 * The fine check: once the 32 × 32 thumbnails are aligned (crop window, turn), the crop is refined
 * on the fine thumbnails and their gradients (differences of neighbouring cells, across and down)
 * must agree at least this well (cosine similarity, 1 = every edge in the same place with the same
 * contrast). Calibrated with `npm run bench:phash` (2026-11-26): see FINE_GRADIENT_CALIBRATION.
 */
export const MIN_FINE_GRADIENT_SIMILARITY = 0.9;

/**
 * The measured sides of MIN_FINE_GRADIENT_SIMILARITY (measured, not published): the highest fine
 * similarity of any pair of distinct demo photos that passes the coarse check, and the lowest of the
 * generated edits that the coarse check catches. The threshold sits between them.
 */
export const FINE_GRADIENT_CALIBRATION = {
  measured: '2026-11-26',
  /** highest similarity among distinct demo photos (294 photos, every ordered pair passing the coarse check) */
  distinctMax: 0.9,
  /** lowest similarity among edits the coarse check catches, by edit kind, that the rule keeps */
  editsMin: 0.9,
} as const;

/**
 * Side at which the fine thumbnails are compared. The stored photo's crop is resampled from its
 * fine thumbnail, so a 10 % crop enlarges its cells by ~1.1–1.25× and blurs its edges a little
 * against the copy's own sharp thumbnail; comparing a little below FINE_PRINT_SIDE takes that
 * blur out of the measure.
 */
export const FINE_COMPARE_SIDE = 48;

/** How far (fraction of a side) the crop may move while it is refined on the fine thumbnails. */
export const FINE_REFINE_STEPS = [0.004, 0.002] as const;
