// How single checks add up to a score of 1 to 100 and which group a score falls in, with
// Yoast's thresholds: 1-40 bad, 41-70 ok, 71-100 good; no score means not analysed.
export type Rating = 3 | 6 | 9;

export interface Assessment {
  id: string;
  /** 3 bad, 6 ok, 9 good: each check's own verdict. */
  rating: Rating;
  text: string;
}

export interface AnalysisResult {
  /** 1 to 100, or null when there was nothing to analyse. */
  score: number | null;
  assessments: Assessment[];
  /** Checks left out, and why (for example the language has no word lists here). */
  skipped?: { ids: string[]; reason: string };
}

export const SCORE_GROUPS = ['good', 'ok', 'bad', 'notAnalyzed'] as const;
export type ScoreGroup = (typeof SCORE_GROUPS)[number];

/** The highest score of the bad and of the ok group. */
export const SCORE_BANDS = { badMax: 40, okMax: 70 } as const;

export function scoreGroup(score: number | null | undefined): ScoreGroup {
  if (score === null || score === undefined || score < 1) return 'notAnalyzed';
  if (score <= SCORE_BANDS.badMax) return 'bad';
  return score <= SCORE_BANDS.okMax ? 'ok' : 'good';
}

/** The share of the best possible ratings, as Yoast adds its assessments up. */
export function overallScore(assessments: readonly Assessment[]): number | null {
  if (assessments.length === 0) return null;
  const total = assessments.reduce((sum, assessment) => sum + assessment.rating, 0);
  return Math.max(1, Math.round((total / (assessments.length * 9)) * 100));
}

/** The rating of a value against a good and an ok limit, for checks where less is better. */
export function ratingAtMost(value: number, good: number, ok: number): Rating {
  if (value <= good) return 9;
  return value <= ok ? 6 : 3;
}
