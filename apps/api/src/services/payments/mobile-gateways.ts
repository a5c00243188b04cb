import type { FastifyBaseLogger } from 'fastify';
import type { MobilePaymentConfig } from '../../config/env.ts';
import { createAthMovilGateway } from './athmovil-gateway.ts';
import type { MobilePaymentGateway } from './mobile-gateway.ts';
import { createSandboxMobileGateway } from './sandbox-mobile-gateway.ts';

/** MOBILE_PAYMENT_PROVIDER: the embedded sandbox, or ATH Móvil with its tokens (decision 433). */
export function createMobilePaymentGateway(
  config: MobilePaymentConfig,
  log: Pick<FastifyBaseLogger, 'warn'>,
): MobilePaymentGateway {
  return config.provider === 'athmovil'
    ? createAthMovilGateway({
        publicToken: config.publicToken,
        privateToken: config.privateToken,
        apiBase: config.apiBase,
        log,
      })
    : createSandboxMobileGateway();
}
