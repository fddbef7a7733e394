/** The periods the admin dashboard compares (each against the one before). */
export const DASHBOARD_PERIODS = ["today", "7d", "30d"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
