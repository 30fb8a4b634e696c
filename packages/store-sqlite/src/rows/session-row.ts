import type { Session } from '@trx-shop/domain';
import { flag } from '../sqlite-database.js';

export interface SessionRow {
  id: string;
  user_id: string;
  device: string;
  user_agent: string;
  ip_address: string;
  refresh_token_id: string;
  created_at: number;
  last_active: number;
  is_active: number;
}

export const SESSION_COLUMN_NAMES: readonly string[] = [
  'id',
  'user_id',
  'device',
  'user_agent',
  'ip_address',
  'refresh_token_id',
  'created_at',
  'last_active',
  'is_active',
];

export const sessionFromRow = (row: SessionRow): Session => ({
  id: row.id,
  userId: row.user_id,
  device: row.device,
  userAgent: row.user_agent,
  ipAddress: row.ip_address,
  refreshTokenId: row.refresh_token_id,
  createdAt: new Date(row.created_at),
  lastActive: new Date(row.last_active),
  isActive: row.is_active === 1,
});

export const sessionToRow = (session: Session): SessionRow => ({
  id: session.id,
  user_id: session.userId,
  device: session.device,
  user_agent: session.userAgent,
  ip_address: session.ipAddress,
  refresh_token_id: session.refreshTokenId,
  created_at: session.createdAt.getTime(),
  last_active: session.lastActive.getTime(),
  is_active: flag(session.isActive),
});
