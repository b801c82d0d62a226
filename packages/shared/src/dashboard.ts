import { z } from 'zod';
import { moneyStringSchema } from './money.js';

/** The signed-in user's own figures for the dashboard. */
export const dashboardOverviewSchema = z.object({
  accountNo: z.string(),
  nickName: z.string(),
  lvl: z.number().int(),
  isShadow: z.boolean(),
  balance: moneyStringSchema,
  directAgents: z.number().int().min(0),
  directPlayers: z.number().int().min(0),
  subtreeAgents: z.number().int().min(0),
  subtreePlayers: z.number().int().min(0),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
