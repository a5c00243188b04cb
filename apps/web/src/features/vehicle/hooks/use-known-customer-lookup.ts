import { knownVehicleSearchTerm } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useVehicleCheck, type LoadAccount } from './use-vehicle-check.ts';

/**
 * SPEC 4 "a known name and identifier triggers contract search": the vehicle check with the term the
 * session already holds. `run` resolves the next route, or null when the brand's lookup field is
 * not known (then /plate asks for it); it rejects when the contract search fails.
 */
export function useKnownCustomerLookup(loadAccount: LoadAccount) {
  const { brand } = useRuntimeConfig();
  const check = useVehicleCheck(loadAccount);
  return {
    run: async (): Promise<string | null> => {
      const { session } = useSessionStore.getState();
      const term = knownVehicleSearchTerm(brand.vehicleLookup, session);
      if (term === '') return null;
      // The plate beside the lookup term: the term itself for plate brands, else the link's.
      const typedPlate =
        brand.vehicleLookup === 'plate' ? term : (session.userExternalParams.plate ?? '');
      return (await check.mutateAsync({ term, typedPlate })).to;
    },
    pending: check.isPending,
    failed: check.isError,
  };
}
