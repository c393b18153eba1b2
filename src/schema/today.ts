/**
 * Today as the build sees it, "YYYY-MM-DD" in UTC: the same day Gatsby's buildTime names,
 * which the pages read.
 */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
