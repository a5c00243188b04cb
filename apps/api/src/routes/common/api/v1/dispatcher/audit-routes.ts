import { AuditEntrySchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_PAGE_MAX, listAuditEntries } from '../../../../../services/dispatcher/audit.ts';
import {
  DISPATCHER_NOTE,
  DISPATCHER_RESPONSES,
  DISPATCHER_SECURITY,
  dispatcherOf,
} from './action-schemas.ts';

// The audit log as a dispatcher reads it (docs/decisions/762): newest first, only the lines of the
// services of the scope and the dispatcher's own lines that name no service.

const auditRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['dispatcher'],
        summary: 'Audit lines newest first (one service with `serviceId`; older with `before`)',
        description: DISPATCHER_NOTE,
        security: DISPATCHER_SECURITY,
        querystring: z.object({
          serviceId: z.string().min(1).max(64).optional(),
          before: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
        }),
        response: {
          200: z.object({ entries: z.array(AuditEntrySchema) }),
          ...DISPATCHER_RESPONSES,
        },
      },
    },
    async (request) => ({
      entries: await listAuditEntries(
        app.repositories,
        await dispatcherOf(app, request),
        request.query,
      ),
    }),
  );
  done();
};

export default auditRoutes;
