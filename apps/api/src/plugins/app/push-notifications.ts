import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createStatusNotifier,
  notifyingCommittedChanges,
  STATUS_NOTIFICATION_TTL_SECONDS,
} from '../../services/push/status-notifications.ts';
import { resolveVapidKeys } from '../../services/push/vapid-keys.ts';
import { createWebPushSender } from '../../services/push/web-push-sender.ts';

// ARCHITECTURE decision 7 "push: Web Push with VAPID keys generated on first run" (decisions 450,
// 451): the VAPID keys, and status notifications sent after each committed status change.

export interface PushNotifications {
  /** The PWA's applicationServerKey (base64url), handed out in /app-config.json. */
  vapidPublicKey: string;
  /** Resolves when every notification started so far is sent or given up. */
  idle: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pushNotifications: PushNotifications;
  }
}

async function pushNotificationsPlugin(app: FastifyInstance): Promise<void> {
  const { push, dataDir } = app.config;
  const keys = await resolveVapidKeys(push, dataDir);
  const notifier = createStatusNotifier({
    subscriptions: app.repositories.pushSubscriptions,
    sender: createWebPushSender({
      keys,
      subject: push.vapidSubject,
      timeoutMs: push.timeoutMs,
      ttlSeconds: STATUS_NOTIFICATION_TTL_SECONDS,
    }),
    log: app.log.child({ module: 'push' }),
  });
  // Every status write goes through the drivers repository; wrapped before any route or the
  // simulator reads it, so each change this process commits is offered to the notifier.
  app.repositories.drivers = notifyingCommittedChanges(app.repositories.drivers, notifier.notify);
  app.decorate('pushNotifications', { vapidPublicKey: keys.publicKey, idle: notifier.idle });
  // preClose: before the database plugin's onClose closes what the sends still read and delete.
  app.addHook('preClose', () => notifier.close());
}

export default fp(pushNotificationsPlugin, {
  name: 'push-notifications',
  dependencies: ['repositories'],
});
