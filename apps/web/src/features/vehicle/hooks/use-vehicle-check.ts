import { useMutation } from '@tanstack/react-query';
import {
  buildLimitCheckRequest,
  clientFormFromContract,
  enteredPlate,
  limitCheckOutcome,
  memberSessionToken,
  routeAfterVehicleCheck,
  vehicleSearchPlate,
  type Account,
  type LimitCheckResult,
  type RouteDecision,
} from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { checkLimit } from '../api/check-limit.ts';
import { searchContracts } from '../api/search-contracts.ts';

/** The account is needed for its branch, fees and salesforce ids; the route loads it. */
export type LoadAccount = () => Promise<Account>;

/**
 * SPEC 4 "Request flow": contract search (first result used), then the limit check, then the route
 * of `routeAfterVehicleCheck` (decision 270). The session keeps the contract, the surplus, the limit
 * messages and the client form filled from the contract. A failed contract search rejects (SPEC 8:
 * the caller stays with loading cleared); a failed limit check is "no verdict" (decision 124).
 */
export function useVehicleCheck(loadAccount: LoadAccount) {
  const api = useApi();
  const { brand } = useRuntimeConfig();
  const updateSession = useSessionStore((state) => state.updateSession);
  const mode = brand.vehicleLookup;

  return useMutation({
    mutationFn: async (input: { term: string; typedPlate: string }): Promise<RouteDecision> => {
      const account = await loadAccount();
      const { session } = useSessionStore.getState();
      const plate = enteredPlate(mode, input.typedPlate, session);
      // Decision 417: a name is looked up with its plate; a signed-in member sends the session
      // that opens their own contract in full.
      const contracts = await searchContracts(
        api,
        {
          search: input.term,
          account: account._id,
          branch: account.branch,
          ...(mode === 'name' ? { fullName: input.term } : {}),
          ...(mode !== 'plate' && plate.trim() !== '' ? { plate } : {}),
          active: 'true',
        },
        memberSessionToken(session, new Date()),
      );
      const contract = contracts[0] ?? null;
      let result: LimitCheckResult | null = null;
      if (contract && session.situation) {
        try {
          result = await checkLimit(
            api,
            buildLimitCheckRequest({
              branch: account.branch,
              situation: session.situation,
              customerContractId: contract._id,
              managementFee: account.managementFee,
              situationFee: account.serviceFees[session.situation] ?? 0,
              sfIdAccount: account.salesforce,
              accountSfId: account.salesforce,
              plate: vehicleSearchPlate(mode, plate),
            }),
          );
        } catch (error) {
          console.error(error);
        }
      }
      const outcome = limitCheckOutcome({
        contractsFound: contracts.length,
        result,
        enteredPlate: plate,
        lookupMode: mode,
        policyLimitVersion: account.config.policyLimitVersion,
      });
      const typedForm = {
        ...session.clientForm,
        plate: plate || session.clientForm.plate,
        ...(mode === 'name' ? { fullName: input.term } : {}),
        ...(mode === 'memberId' ? { memberId: input.term } : {}),
      };
      const clientForm = contract ? clientFormFromContract(typedForm, contract, plate) : typedForm;
      updateSession((s) => ({
        ...s,
        customerContract: contract,
        surplus: outcome.surplus,
        checkLimitErrors: outcome.checkLimitErrors,
        clientForm,
      }));
      return routeAfterVehicleCheck(outcome, clientForm);
    },
    onError: (error) => {
      // SPEC 8 "Contract search fails: Logged and reported".
      console.error(error);
    },
  });
}
