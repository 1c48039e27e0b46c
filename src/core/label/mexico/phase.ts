// The phase of NOM-051-SCFI/SSA1-2010's front-of-pack warning system (modification, DOF 27 March 2020,
// transitory provisions) in force on a label's date. Phase 2 was extended to 31 December 2027 by the
// Acuerdo published in the DOF on 31 July 2025; phase 3 ("numeral 4.5.3 and Table 6 in full") starts on
// 1 January 2028. docs/labeling.md#mexico-phases (re-check after the amparo filed against the extension).
export type MxPhase = 1 | 2 | 3;

export const MX_PHASES: readonly MxPhase[] = [1, 2, 3];

/** First day of each phase (ISO dates compare as strings). Before phase 1 the 2020 modification did not apply: phase 1 is used. */
export const MX_PHASE_STARTS: ReadonlyArray<readonly [MxPhase, string]> = [
  [3, '2028-01-01'],
  [2, '2023-10-01'],
  [1, '2020-10-01'],
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** The phase in force on `date` (YYYY-MM-DD, or a full ISO timestamp: its date part). */
export function mxPhaseOn(date: string): MxPhase {
  if (!ISO_DATE.test(date)) throw new RangeError(`date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const day = date.slice(0, 10);
  for (const [phase, start] of MX_PHASE_STARTS) if (day >= start) return phase;
  return 1;
}

/** label_settings.mx_phase overrides the date. */
export function mxPhase(date: string, override?: MxPhase | null): MxPhase {
  if (override !== undefined && override !== null) {
    if (!MX_PHASES.includes(override)) throw new RangeError(`mx_phase must be 1, 2 or 3, got ${String(override)}`);
    return override;
  }
  return mxPhaseOn(date);
}
