import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createStatusNotifier,
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
      endpoints: push,
    }),
    log: app.log.child({ module: 'push' }),
  });
  // Every write to a service goes through the one write path (decision 204): each change this
  // process commits is offered to the notifier after its commit.
  const stopListening = app.repositories.services.onCommitted(notifier.notify);
  app.decorate('pushNotifications', { vapidPublicKey: keys.publicKey, idle: notifier.idle });
  // preClose: before the database plugin's onClose closes what the sends still read and delete.
  app.addHook('preClose', () => {
    stopListening();
    return notifier.close();
  });
}

export default fp(pushNotificationsPlugin, {
  name: 'push-notifications',
  dependencies: ['repositories'],
});
