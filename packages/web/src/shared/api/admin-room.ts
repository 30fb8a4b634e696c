import { connectRealtime, isAdminEvent } from '@trx-shop/client';
import { createContext } from 'react';

/** A frame of the admin room: a logged event's type and id. */
export interface AdminFrame {
  readonly event: string;
  readonly id: string;
}

export interface AdminRoomHandlers {
  readonly onFrame: (frame: AdminFrame) => void;
  /** The events missed while away can no longer be replayed: everything is read again. */
  readonly onResync: () => void;
}

/** Opens the admin room and answers the function that closes it. */
export type AdminRoomConnector = (handlers: AdminRoomHandlers) => () => void;

/**
 * The browser's socket to the same origin, joined to the admin room: it carries the httpOnly
 * session cookie itself, and the client reconnects and resumes from the last frame after a drop.
 */
export const connectAdminRoom: AdminRoomConnector = (handlers) => {
  const connection = connectRealtime({
    baseUrl: window.location.origin,
    WebSocket: window.WebSocket,
    admin: true,
    onEvent: (frame) => {
      if (frame.event === 'resume:expired') handlers.onResync();
      else if (isAdminEvent(frame)) handlers.onFrame({ event: frame.event, id: frame.id });
    },
  });
  return () => void connection.close();
};

/** Tests give the pages a room of their own; the app uses the real one. */
export const AdminRoomContext = createContext<AdminRoomConnector>(connectAdminRoom);
